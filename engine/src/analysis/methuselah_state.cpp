// Checkpoint metadata of a methuselah run: a small versioned binary record.
//
// Layout (little-endian u64 unless noted): magic string, name, rule,
// pattern hash, width, height, histories (pop, then hash in version 1 or
// signature in version 2), deletions (generation, x, y, shape cells),
// snapshots (generation, cells), last deletion; version 2 goes on with the
// next sweep, every_hash, and the (generation, hash) pairs hashed since the
// last deletion. Version 1 swept every kSweep generations and hashed every
// generation; such a run resumes that way. Ship kinds are not stored:
// classify(shape) recomputes them exactly.
#include <cstring>

#include "methuselah_run.hpp"
#include "toroid/error.hpp"

namespace toroid::detail {

namespace {

constexpr const char* kMagic = "toroid-methuselah-2";
constexpr const char* kMagicVersion1 = "toroid-methuselah-1";

struct Writer {
    std::string s;
    void u64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) s.push_back(char((v >> (8 * i)) & 0xFF));
    }
    void i64(std::int64_t v) { u64(std::uint64_t(v)); }
    void str(const std::string& v) {
        u64(v.size());
        s += v;
    }
    void cells(const std::vector<Cell>& v) {
        u64(v.size());
        for (const Cell& c : v) i64(c.x), i64(c.y);
    }
};

struct Reader {
    const std::string& s;
    std::string source;
    std::size_t pos = 0;
    [[noreturn]] void fail() const {
        throw InputError("checkpoint '" + source + "' has damaged methuselah data (offset " +
                         std::to_string(pos) + ")");
    }
    std::uint64_t u64() {
        if (pos + 8 > s.size()) fail();
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
            v |= std::uint64_t(std::uint8_t(s[pos + std::size_t(i)])) << (8 * i);
        pos += 8;
        return v;
    }
    std::int64_t i64() { return std::int64_t(u64()); }
    std::size_t count(std::size_t unit) {
        const std::uint64_t n = u64();
        if (n > (s.size() - pos) / unit) fail();
        return std::size_t(n);
    }
    std::string str() {
        const std::size_t n = count(1);
        std::string v = s.substr(pos, n);
        pos += n;
        return v;
    }
    std::vector<Cell> cells() {
        std::vector<Cell> v(count(16));
        for (Cell& c : v) c.x = i64(), c.y = i64();
        return v;
    }
};

}  // namespace

std::string encode_run(const MethuselahRun& run) {
    Writer w;
    w.str(kMagic);
    w.str(run.name);
    w.str(run.rule.to_string());
    w.u64(run.pattern_hash);
    w.i64(run.pattern_width);
    w.i64(run.pattern_height);
    w.u64(run.pop.size());
    for (std::uint64_t v : run.pop) w.u64(v);
    for (std::uint64_t v : run.sig) w.u64(v);
    w.u64(run.removals.size());
    for (const Removal& r : run.removals) {
        w.u64(r.generation);
        w.i64(r.x);
        w.i64(r.y);
        w.cells(run.catalog->kind(r.kind).phases[0]);
    }
    w.u64(run.snapshots.size());
    for (const Snapshot& s : run.snapshots) {
        w.u64(s.generation);
        w.cells(s.cells);
    }
    w.i64(run.last_removal);
    w.u64(run.next_sweep);
    w.u64(run.every_hash ? 1 : 0);
    w.u64(run.hashed.size());
    for (const auto& [t, h] : run.hashed) w.u64(t), w.u64(h);
    return w.s;
}

void decode_run(const std::string& metadata, const std::string& source, MethuselahRun& run) {
    Reader r{metadata, source};
    const std::string magic = metadata.size() < 8 ? std::string() : r.str();
    if (magic != kMagic && magic != kMagicVersion1)
        throw InputError("'" + source +
                         "' is not a methuselah checkpoint (it was written by another command)");
    const std::string name = r.str(), rule = r.str();
    const std::uint64_t hash = r.u64();
    const std::int64_t pw = r.i64(), ph = r.i64();
    if (rule != run.rule.to_string())
        throw InputError("cannot resume from '" + source + "': it was written for rule " + rule +
                         ", not " + run.rule.to_string());
    if (hash != run.pattern_hash || pw != run.pattern_width || ph != run.pattern_height)
        throw InputError("cannot resume from '" + source + "': it was written for pattern '" +
                         name + "' (" + std::to_string(pw) + "x" + std::to_string(ph) +
                         "), not for '" + run.name + "' (" + std::to_string(run.pattern_width) +
                         "x" + std::to_string(run.pattern_height) + "): the cells differ");
    const std::size_t n = r.count(16);
    run.pop.resize(n);
    run.sig.resize(n);
    for (auto& v : run.pop) v = r.u64();
    for (auto& v : run.sig) v = r.u64();
    run.removals.resize(r.count(24));
    for (Removal& m : run.removals) {
        m.generation = r.u64();
        m.x = r.i64();
        m.y = r.i64();
        const std::vector<Cell> shape = r.cells();
        m.kind = run.catalog ? run.catalog->classify(shape) : -1;
        if (m.kind < 0) r.fail();
    }
    run.snapshots.resize(r.count(16));
    for (Snapshot& s : run.snapshots) {
        s.generation = r.u64();
        s.cells = r.cells();
    }
    run.last_removal = r.i64();
    run.hashed.clear();
    if (magic == kMagic) {
        run.next_sweep = r.u64();
        if (run.next_sweep % kSweep != 0) r.fail();
        const std::uint64_t every = r.u64();
        if (every > 1) r.fail();
        run.every_hash = every == 1;
        run.hashed.resize(r.count(16));
        for (auto& [t, h] : run.hashed) t = r.u64(), h = r.u64();
    } else {
        run.next_sweep = 0;  // the next multiple of kSweep, as version 1 did
        run.every_hash = true;
    }
    if (r.pos != metadata.size()) r.fail();
    // The repeat tables since the last deletion, as the uninterrupted run has
    // them: generations up to the current one (which the run looks at next).
    const std::vector<std::pair<std::uint64_t, std::uint64_t>> hashed = std::move(run.hashed);
    forget_repeats(run);
    std::size_t next_hash = 0;
    const std::uint64_t from = run.last_removal < 0 ? 0 : std::uint64_t(run.last_removal) + 1;
    for (std::uint64_t t = from; t + 1 < n; ++t) {
        note_generation(run, t, [&] {
            if (next_hash == hashed.size() || hashed[next_hash].first != t) r.fail();
            run.hashed.push_back(hashed[next_hash]);
            return hashed[next_hash++].second;
        });
    }
    if (next_hash != hashed.size()) r.fail();
}

}  // namespace toroid::detail
