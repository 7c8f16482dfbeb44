// Checkpoint files (layout in toroid/io/checkpoint.hpp).
#include "toroid/io/checkpoint.hpp"

#include <cstring>
#include <string>
#include <string_view>

#include "toroid/error.hpp"
#include "toroid/fnv1a.hpp"
#include "toroid/io/file_io.hpp"

namespace toroid {
namespace {

constexpr char kMagic[8] = {'T', 'O', 'R', 'O', 'I', 'D', 'C', 'P'};

void put_u64(std::string& out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}
void put_u32(std::string& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

// Reads fields in order; running past the end is a truncated file.
class Reader {
  public:
    Reader(std::string_view data, const std::string& path) : data_(data), path_(path) {}
    std::uint64_t u64(const char* what) { return uint(8, what); }
    std::uint32_t u32(const char* what) { return static_cast<std::uint32_t>(uint(4, what)); }
    std::string_view bytes(std::uint64_t n, const char* what) {
        need(n, what);
        const auto s = data_.substr(pos_, std::size_t(n));
        pos_ += std::size_t(n);
        return s;
    }
    std::size_t pos() const { return pos_; }
    std::size_t left() const { return data_.size() - pos_; }
    [[noreturn]] void damaged(const std::string& why) const {
        throw InputError("checkpoint '" + path_ + "' is damaged: " + why);
    }

  private:
    void need(std::uint64_t n, const char* what) const {
        if (n > left())
            throw InputError("checkpoint '" + path_ +
                             "' is truncated or damaged: it ends while reading the " + what +
                             " (needs " + std::to_string(n) + " bytes at offset " +
                             std::to_string(pos_) + ", " + std::to_string(left()) + " left)");
    }
    std::uint64_t uint(int n, const char* what) {
        need(std::uint64_t(n), what);
        std::uint64_t v = 0;
        for (int i = 0; i < n; ++i)
            v |= std::uint64_t(static_cast<unsigned char>(data_[pos_ + std::size_t(i)])) << (8 * i);
        pos_ += std::size_t(n);
        return v;
    }
    std::string_view data_;
    const std::string& path_;
    std::size_t pos_ = 0;
};

// What a checkpoint stores to recognise its rule again (see the header).
std::uint64_t rule_digest(const Rule& rule) {
    return rule.named() ? rule.state_rule()->digest() : 0;
}

std::string hex(std::uint64_t v) {
    static const char* digits = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4) s[std::size_t(i)] = digits[v & 15];
    return s;
}

}  // namespace

void save_checkpoint(const std::string& path, const Checkpoint& cp) {
    std::string out(kMagic, sizeof kMagic);
    put_u32(out, kCheckpointVersion);
    put_u64(out, std::uint64_t(cp.grid.width()));
    put_u64(out, std::uint64_t(cp.grid.height()));
    const std::string rule = cp.rule.to_string();
    put_u32(out, static_cast<std::uint32_t>(rule.size()));
    out += rule;
    put_u64(out, rule_digest(cp.rule));
    put_u64(out, cp.seed);
    put_u64(out, cp.generation);
    put_u64(out, cp.metadata.size());
    out += cp.metadata;
    const auto& words = cp.grid.words();
    put_u64(out, words.size());
    out.reserve(out.size() + words.size() * 8 + 8);
    for (const std::uint64_t w : words) put_u64(out, w);
    // Multi-state rules: the counter planes the rule's states need.
    const int planes = Grid::planes_for_states(cp.rule.states());
    for (int p = 1; p <= planes; ++p)
        for (std::size_t i = 0; i < words.size(); ++i)
            put_u64(out, p <= cp.grid.state_planes() ? cp.grid.plane(p)[i] : 0);
    put_u64(out, fnv1a64(out));
    write_file_atomic(path, out);
}

Checkpoint load_checkpoint(const std::string& path) {
    const std::string data = read_text_file(path);
    Reader in(data, path);
    if (data.size() < sizeof kMagic || std::memcmp(data.data(), kMagic, sizeof kMagic) != 0)
        throw InputError("'" + path +
                         "' is not a toroid checkpoint (it does not start with \"TOROIDCP\")");
    in.bytes(sizeof kMagic, "magic");
    const std::uint32_t version = in.u32("version");
    if (version > kCheckpointVersion)
        throw InputError("checkpoint '" + path + "' has format version " + std::to_string(version) +
                         ", written by a newer toroid; this build reads versions up to " +
                         std::to_string(kCheckpointVersion));
    if (version == 0) in.damaged("format version 0 does not exist");
    // The checksum covers everything before the last 8 bytes: check it first,
    // so that a flipped bit anywhere is reported as damage, not as a strange field.
    if (data.size() < sizeof kMagic + 4 + 8)
        throw InputError("checkpoint '" + path + "' is truncated: " + std::to_string(data.size()) +
                         " bytes is too short to hold a checkpoint");
    {
        Reader tail(std::string_view(data).substr(data.size() - 8), path);
        const std::uint64_t stored = tail.u64("checksum");
        if (stored != fnv1a64(std::string_view(data).substr(0, data.size() - 8)))
            throw InputError("checkpoint '" + path +
                             "' is damaged or truncated: its checksum does not match its contents");
    }
    const auto width = static_cast<std::int64_t>(in.u64("width"));
    const auto height = static_cast<std::int64_t>(in.u64("height"));
    if (width < 1 || height < 1)
        in.damaged("grid size " + std::to_string(width) + " x " + std::to_string(height) +
                   " (expected >= 1)");
    const std::uint32_t rule_len = in.u32("rule length");
    const std::string_view rule_text = in.bytes(rule_len, "rule");
    Checkpoint cp;
    try {
        cp.rule = Rule::parse(rule_text);
    } catch (const InputError& e) {
        in.damaged(std::string("its rule does not parse: ") + e.what());
    }
    if (version >= 2) {
        const std::uint64_t stored = in.u64("rule digest");
        const std::uint64_t now = rule_digest(cp.rule);
        if (stored != now)
            throw InputError(
                "checkpoint '" + path + "' was written under rule '" + std::string(rule_text) +
                "' of digest " + hex(stored) + ", but that rule is now " +
                (cp.rule.named() ? cp.rule.state_rule()->origin() + " of digest " + hex(now)
                                 : "a built-in rule") +
                ": the rule changed since the checkpoint was written; restore the rule "
                "file it was written with (or pass its folder with --rule-dir), or start again");
    }
    cp.seed = in.u64("seed");
    cp.generation = in.u64("generation");
    const std::uint64_t meta_len = in.u64("metadata length");
    cp.metadata = std::string(in.bytes(meta_len, "metadata"));
    const std::uint64_t count = in.u64("word count");
    const std::uint64_t words_per_row = (std::uint64_t(width) + 63) / 64;
    if (words_per_row > UINT64_MAX / std::uint64_t(height) ||
        count != words_per_row * std::uint64_t(height))
        in.damaged("it holds " + std::to_string(count) + " words for a " + std::to_string(width) +
                   " x " + std::to_string(height) + " grid");
    if (count > (in.left() - 8) / 8) in.damaged("it holds fewer words than its grid size needs");
    check_grid_fits(width, height);
    cp.grid = Grid(width, height);
    auto& words = cp.grid.words();
    for (std::uint64_t i = 0; i < count; ++i) words[std::size_t(i)] = in.u64("grid words");
    const int planes = Grid::planes_for_states(cp.rule.states());
    if (planes > 0) {
        if (count * std::uint64_t(planes) > (in.left() - 8) / 8)
            in.damaged("it holds fewer state planes than its rule's states need");
        cp.grid.set_state_planes(planes);
        for (int p = 1; p <= planes; ++p)
            for (std::uint64_t i = 0; i < count; ++i)
                cp.grid.plane(p)[std::size_t(i)] = in.u64("state plane words");
    }
    if (in.left() != 8) in.damaged("unexpected bytes after the grid");
    const std::uint64_t mask = cp.grid.last_word_mask();
    for (int p = 0; p <= planes; ++p)
        for (std::int64_t y = 0; y < height; ++y)
            if (cp.grid.plane(p)[std::size_t((y + 1) * cp.grid.words_per_row() - 1)] & ~mask)
                in.damaged("cells set past the grid's width in row " + std::to_string(y));
    return cp;
}

}  // namespace toroid
