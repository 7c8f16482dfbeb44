// Gzip through zlib's inflate/deflate on memory buffers (contract in gzip.hpp).
#include "toroid/io/gzip.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "toroid/error.hpp"
#include "toroid/memory.hpp"

namespace toroid {
namespace {

constexpr std::size_t kMaxText = std::size_t(1) << 30;  // as read_input_file's cap

// Inflate state released on every path out.
struct Inflater {
    z_stream z{};
    bool open = false;
    ~Inflater() {
        if (open) inflateEnd(&z);
    }
};

// "line L (N bytes of text)": where the text stops, for the messages.
std::string where_text_stops(const std::string& out) {
    const auto lines = std::count(out.begin(), out.end(), '\n');
    return "line " + std::to_string(lines + 1) + " of the text (" + std::to_string(out.size()) +
           " bytes, " + std::to_string(lines) + " complete line" + (lines == 1 ? "" : "s") + ")";
}

}  // namespace

bool is_gzip(std::string_view bytes) {
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string gunzip(std::string_view bytes, std::string_view source) {
    const std::string name(source);
    Inflater inf;
    // 15 + 16: a gzip wrapper only (zlib or raw deflate data is not a .gz file).
    if (inflateInit2(&inf.z, 15 + 16) != Z_OK)
        throw std::runtime_error("zlib: cannot start decompressing '" + name + "'");
    inf.open = true;
    const auto* begin = reinterpret_cast<const Bytef*>(bytes.data());
    inf.z.next_in = const_cast<Bytef*>(begin);
    inf.z.avail_in = static_cast<uInt>(std::min<std::size_t>(bytes.size(), UINT32_MAX));
    std::string out;
    std::size_t checked_at = std::size_t(64) << 20;
    std::vector<char> buf(1 << 16);
    for (;;) {
        inf.z.next_out = reinterpret_cast<Bytef*>(buf.data());
        inf.z.avail_out = static_cast<uInt>(buf.size());
        const int rc = inflate(&inf.z, Z_NO_FLUSH);
        out.append(buf.data(), buf.size() - inf.z.avail_out);
        if (out.size() > kMaxText)
            throw InputError(name +
                             ": the gzip stream expands to more than 1 GiB: not a pattern "
                             "file toroid reads (pattern files are far smaller)");
        if (out.size() >= checked_at) {  // the text as it grows (the string doubles)
            check_host_memory({2.0 * double(out.size()),
                               "decompressing " + name + " (" + human_bytes(double(out.size())) +
                                   " of text so far)",
                               "the text, twice while it grows", "free some memory"});
            checked_at = 2 * out.size();
        }
        const std::size_t at = std::size_t(inf.z.next_in - begin);  // compressed bytes used
        if (rc == Z_OK) continue;
        if (rc == Z_STREAM_END) {
            // Another member may follow (concatenated .gz files); trailing zero
            // padding (some tools add it) ends the stream, as gzip(1) allows.
            const std::string_view rest = bytes.substr(at);
            if (rest.find_first_not_of('\0') == std::string_view::npos) return out;
            if (!is_gzip(rest))
                throw InputError(
                    name + ": unexpected data after the gzip stream at compressed byte " +
                    std::to_string(at) + " (expected the end of the file or another gzip member)");
            inflateReset(&inf.z);
            continue;
        }
        if (rc == Z_BUF_ERROR)  // no progress with fresh output room: the input ran out
            throw InputError(name + ": the gzip stream is truncated: it stops in " +
                             where_text_stops(out) + " after " + std::to_string(bytes.size()) +
                             " compressed bytes, without the gzip end marker; expected more "
                             "compressed data (is the download incomplete?)");
        if (rc == Z_MEM_ERROR)
            throw std::runtime_error("zlib: out of memory reading '" + name + "'");
        throw InputError(name + ": corrupt gzip data near compressed byte " + std::to_string(at) +
                         " (" + (inf.z.msg ? std::string(inf.z.msg) : std::string("invalid data")) +
                         "), in " + where_text_stops(out) +
                         "; expected a valid gzip stream (is the file damaged?)");
    }
}

std::string gzip_compress(std::string_view text) {
    z_stream z{};
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::runtime_error("zlib: cannot start compressing");
    std::string out;
    std::vector<char> buf(1 << 16);
    std::size_t fed = 0;
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        if (z.avail_in == 0 && fed < text.size()) {  // feed at most 1 GiB at a time
            const std::size_t n = std::min<std::size_t>(text.size() - fed, std::size_t(1) << 30);
            z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data() + fed));
            z.avail_in = static_cast<uInt>(n);
            fed += n;
        }
        z.next_out = reinterpret_cast<Bytef*>(buf.data());
        z.avail_out = static_cast<uInt>(buf.size());
        rc = deflate(&z, fed == text.size() ? Z_FINISH : Z_NO_FLUSH);
        if (rc == Z_STREAM_ERROR) {
            deflateEnd(&z);
            throw std::runtime_error("zlib: compression failed");
        }
        out.append(buf.data(), buf.size() - z.avail_out);
    }
    deflateEnd(&z);
    return out;
}

}  // namespace toroid
