// CpuBackend: lazily zeroed planes, per-tile counters, the active-tile scheduler.
#include "toroid/cpu/cpu_backend.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <new>
#include <stdexcept>

#include "cpu_tiles.hpp"
#include "temporal_blocking.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/row_bits.hpp"
#include "toroid/cpu/thread_pool.hpp"
#include "toroid/kernels/render.hpp"
#include "zeroed_array.hpp"

namespace toroid {

using detail::kTileRows;
using detail::kTileWords;

namespace {

// A plane from anonymous memory: the kernel maps zero pages on first touch,
// so a huge torus costs memory (and start-up time) only where cells live.
//
// Planes of 2 MiB and more are aligned to 2 MiB and asked for transparent
// huge pages (where the kernel grants them): a stored row of a wide torus is
// a page or more, so with 4 KiB pages every row a tile reaches is its own
// page fault and TLB entry; a huge page serves 256 rows of a 65536-wide
// torus at once. Ships leaving Acorn on 65536 x 65536 cost 12 000 page
// faults otherwise; on 4096 x 4096 (2 MiB planes) huge pages took `toroid
// run` of Acorn from 1800 page faults to 260 (11.5 to 9.5 ms) and dense
// soups 5% faster. Memory stays bounded by the plane, as check_fits counts.
class Plane {
  public:
    static constexpr std::size_t kHugePage = std::size_t(2) << 20;
    static constexpr std::size_t kHugeFrom = std::size_t(2) << 20;

    Plane() = default;
    explicit Plane(std::size_t words) : bytes_(std::max<std::size_t>(words * 8, 64)) {
        const bool huge = bytes_ >= kHugeFrom;
        mapped_bytes_ = huge ? bytes_ + kHugePage : bytes_;
        void* p = mmap(nullptr, mapped_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                       -1, 0);
        if (p == MAP_FAILED) throw std::bad_alloc();
        mapped_ = p;
        auto at = reinterpret_cast<std::uintptr_t>(p);
        if (huge) {
            at = (at + kHugePage - 1) / kHugePage * kHugePage;
            // Advice only: without THP (or with it off) the plane still works.
            madvise(reinterpret_cast<void*>(at), bytes_ / kHugePage * kHugePage, MADV_HUGEPAGE);
        }
        data_ = reinterpret_cast<std::uint64_t*>(at);
    }
    Plane(Plane&& o) noexcept
        : data_(o.data_), bytes_(o.bytes_), mapped_(o.mapped_), mapped_bytes_(o.mapped_bytes_) {
        o.data_ = nullptr;
        o.mapped_ = nullptr;
    }
    Plane& operator=(Plane&& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(bytes_, o.bytes_);
        std::swap(mapped_, o.mapped_);
        std::swap(mapped_bytes_, o.mapped_bytes_);
        return *this;
    }
    ~Plane() {
        if (mapped_) munmap(mapped_, mapped_bytes_);
    }
    std::uint64_t* get() const { return data_; }

  private:
    std::uint64_t* data_ = nullptr;
    std::size_t bytes_ = 0;
    void* mapped_ = nullptr;
    std::size_t mapped_bytes_ = 0;
};

// A tile's column and row.
struct TileXY {
    std::int64_t x, y;
};

}  // namespace

struct CpuBackend::State {
    std::int64_t width = 0, height = 0;
    std::int64_t words = 0;   // canonical words per row
    std::int64_t padded = 0;  // words rounded up to whole tiles
    std::int64_t stride = 0;  // stored words per row
    std::int64_t tiles_x = 0, tiles_y = 0;
    Plane plane[2];
    int cur = 0;
    std::vector<std::uint64_t> word_mask;  // padded + 1 entries
    // Per plane and tile: population, and hash (valid unless listed stale).
    // Per-tile arrays are ZeroedArray: untouched tiles of a huge torus cost
    // no memory writes (zeroed_array.hpp).
    detail::ZeroedArray<std::uint64_t> tile_pop[2], tile_hash[2];
    detail::ZeroedArray<std::uint8_t> hash_stale[2];
    std::vector<std::uint32_t> stale_list[2];
    std::uint64_t total_pop[2] = {0, 0}, total_hash[2] = {0, 0};  // hash: valid tiles only
    std::uint64_t total_signature[2] = {0, 0};  // signature(): sum of tile_signature
    // Per plane and tile: bit j set when word j of the tile may hold a live
    // cell (exact after a kernel computed every row, a superset after it
    // computed some, all set after other writes). The scheduler computes
    // only the half of a tile that can hold cells.
    detail::ZeroedArray<std::uint8_t> tile_live[2];
    detail::ZeroedArray<std::uint32_t> tile_rows;    // last step: rows that changed (sparse steps)
    detail::ZeroedArray<std::uint32_t> need_rows;    // this step: rows of each active tile
    detail::ZeroedArray<std::uint8_t> tile_changed;  // last step
    detail::ZeroedArray<std::uint8_t> tile_edges;    // last step: kEdge* bits
    detail::ZeroedArray<std::uint64_t> tile_delta;   // last step: hash change (with track_hash)
    std::vector<std::uint32_t> changed_list;         // tiles changed in the last step
    // Edited tiles: steps left during which the tile and its neighbours are
    // computed whatever changed (the "next" plane does not hold their past).
    detail::ZeroedArray<std::uint8_t> forced;
    std::vector<std::uint32_t> forced_list;
    std::vector<std::uint32_t> active;                 // scratch: tiles to compute
    std::vector<TileXY> active_xy, changed_xy;         // columns and rows of active, changed_list
    detail::ZeroedArray<std::uint32_t> stamp;          // scratch for de-duplication
    std::vector<std::uint32_t> stamp_rows, edge_rows;  // tile rows whose edges need repair
    std::uint32_t stamp_now = 0;
    detail::TileKernels kernel;
    std::vector<std::uint64_t> old_pop;  // scratch of step()
    std::string isa;
    CompiledRule rule;
    ThreadPool pool;
    std::uint64_t tiles_computed = 0;

    bool skip_unchanged = true;
    // Kernels report hash deltas while hash() is asked for every generation
    // (after a step without it, tiles are re-hashed when it is next asked).
    bool track_hash = false;
    bool hash_asked = false;  // since the last step
    // Temporal blocking (temporal_blocking.hpp): 0 = automatic.
    std::int64_t band_rows = 0;
    int pass_gens = 0;
    std::vector<std::uint64_t> band_pop[2];  // scratch of a band pass

    explicit State(int threads) : pool(threads) {}

    std::uint64_t* row(int p, std::int64_t y) { return plane[p].get() + y * stride; }
    const std::uint64_t* row(int p, std::int64_t y) const { return plane[p].get() + y * stride; }
    std::int64_t tile_count() const { return tiles_x * tiles_y; }
    std::uint32_t tile_of(std::int64_t x, std::int64_t y) const {
        return std::uint32_t((y / kTileRows) * tiles_x + (x / 64) / kTileWords);
    }

    // Column and row of tile t: one 32-bit division (64-bit divisions cost
    // several times more); the scheduler keeps them for the tiles it lists.
    TileXY tile_xy(std::uint32_t t) const {
        const auto n = std::uint32_t(tiles_x);
        return {std::int64_t(t % n), std::int64_t(t / n)};
    }
    // The neighbour of tile column or row v at offset d (-1, 0, 1) around
    // the torus, without a division.
    static std::int64_t wrap_step(std::int64_t v, int d, std::int64_t n) {
        v += d;
        return v < 0 ? v + n : v >= n ? v - n : v;
    }

    bool cell(int p, std::int64_t x, std::int64_t y) const { return stored_cell(row(p, y), x); }

    // Writes the two edge bits of row y (see plane_layout.hpp).
    void fix_edges(int p, std::int64_t y) { repair_row_edges(row(p, y), width); }

    std::uint64_t count_tile(int p, std::uint32_t t) const {
        const TileXY xy = tile_xy(t);
        const std::int64_t tx = xy.x, ty = xy.y;
        std::uint64_t n = 0;
        const std::int64_t y1 = std::min(height, (ty + 1) * kTileRows);
        for (std::int64_t y = ty * kTileRows; y < y1; ++y)
            for (std::int64_t j = tx * kTileWords; j < (tx + 1) * kTileWords; ++j)
                n += std::uint64_t(
                    std::popcount(row(p, y)[kRowOffset + j] & word_mask[std::size_t(j)]));
        return n;
    }

    std::uint64_t hash_tile(int p, std::uint32_t t) const {
        detail::TileKernelArgs shape;
        shape.stride = stride;
        shape.height = height;
        shape.words = words;
        shape.word_mask = word_mask.data();
        const TileXY xy = tile_xy(t);
        return kernel.hash(plane[p].get(), shape, xy.x, xy.y);
    }

    // A tile's share of signature(): a mix of its index and population (0
    // for an empty tile), a function of the state alone.
    static std::uint64_t tile_signature(std::uint32_t t, std::uint64_t population) {
        return population == 0 ? 0 : splitmix64((std::uint64_t(t) << 32) ^ population);
    }
    void set_population(int p, std::uint32_t t, std::uint64_t population) {
        total_pop[p] += population - tile_pop[p][t];
        total_signature[p] += tile_signature(t, population) - tile_signature(t, tile_pop[p][t]);
        tile_pop[p][t] = population;
    }

    // The content of tile t of plane p changed: new population, hash later.
    void retile(int p, std::uint32_t t, std::uint64_t population) {
        set_population(p, t, population);
        if (!hash_stale[p][t]) {
            hash_stale[p][t] = 1;
            total_hash[p] -= tile_hash[p][t];
            stale_list[p].push_back(t);
        }
    }

    // Tile t of plane p changed, with a known hash change.
    void retile_hashed(int p, std::uint32_t t, std::uint64_t population, std::uint64_t delta) {
        if (hash_stale[p][t]) return retile(p, t, population);
        set_population(p, t, population);
        tile_hash[p][t] += delta;
        total_hash[p] += delta;
    }

    void force(std::uint32_t t) {
        if (!forced[t]) forced_list.push_back(t);
        forced[t] = 2;
    }

    // Zeroes tile t of plane p (and the edge bits of its rows) if it holds cells.
    void clear_tile(int p, std::uint32_t t) {
        if (!tile_pop[p][t]) return;
        const TileXY xy = tile_xy(t);
        const std::int64_t tx = xy.x, ty = xy.y;
        const std::int64_t y1 = std::min(height, (ty + 1) * kTileRows);
        for (std::int64_t y = ty * kTileRows; y < y1; ++y) {
            std::uint64_t* r = row(p, y) + kRowOffset + tx * kTileWords;
            std::fill(r, r + kTileWords, 0);
            if (tx == 0 || tx == tiles_x - 1) fix_edges(p, y);
        }
        retile(p, t, 0);
        tile_live[p][t] = 0;
    }

    // Words of tile t the next step must compute (tile_live): those that may
    // hold a cell or touch one, in this tile or across its borders, and those
    // whose old content in the next plane must be cleared. The rest of the
    // tile is dead before and after.
    std::uint8_t words_needed(std::uint32_t t, TileXY xy) const {
        const std::uint8_t* now = tile_live[cur].data();
        const std::int64_t tx = xy.x, ty = xy.y;
        const std::int64_t up = wrap_step(ty, -1, tiles_y), down = wrap_step(ty, 1, tiles_y);
        const std::int64_t west = wrap_step(tx, -1, tiles_x), east = wrap_step(tx, 1, tiles_x);
        auto column = [&](std::int64_t x) {
            return unsigned(now[up * tiles_x + x] | now[ty * tiles_x + x] |
                            now[down * tiles_x + x]);
        };
        const unsigned here = column(tx);
        unsigned need = here | (here << 1) | (here >> 1);
        // Across the torus's seam the neighbour of word 0 is the last
        // canonical word, which sits at (words - 1) % kTileWords of the last tile.
        const unsigned seam_word = 1u << ((words - 1) % kTileWords);
        if (column(west) & (tx == 0 ? seam_word : 0x80u)) need |= 1u;
        if (column(east) & 1u) need |= tx == tiles_x - 1 ? seam_word : 0x80u;
        need |= tile_live[1 - cur][t];
        return std::uint8_t(need);
    }

    static constexpr std::uint32_t kAllRows = ~std::uint32_t(0);
    // Bit of the last row of tile row ty (the torus's last tile row may be short).
    std::uint32_t last_row_bit(std::int64_t ty) const {
        return std::uint32_t(1) << (std::min(kTileRows, height - ty * kTileRows) - 1);
    }

    // Tile t (at xy) is computed this step, at least the rows in `rows`.
    void add(std::uint32_t t, TileXY xy, std::uint32_t rows) {
        if (stamp[t] != stamp_now) {
            stamp[t] = stamp_now;
            active.push_back(t);
            active_xy.push_back(xy);
            need_rows[t] = rows;
        } else {
            need_rows[t] |= rows;
        }
    }
    void add_with_neighbours(std::uint32_t t) { add_with_neighbours(tile_xy(t)); }
    void add_with_neighbours(TileXY xy) {
        const std::int64_t tx = xy.x, ty = xy.y;
        for (std::int64_t dy = -1; dy <= 1; ++dy) {
            const std::int64_t ny = wrap_step(ty, int(dy), tiles_y);
            for (std::int64_t dx = -1; dx <= 1; ++dx) {
                const std::int64_t nx = wrap_step(tx, int(dx), tiles_x);
                add(std::uint32_t(ny * tiles_x + nx), {nx, ny}, kAllRows);
            }
        }
    }
    // A changed tile, and the neighbours that see one of its changed
    // borders, with the rows that can change: next to a changed row, or the
    // row facing a changed top or bottom border. The other rows' 3x3
    // neighbourhoods are as two generations ago, so the plane being written
    // already holds their next state.
    void add_affected(std::uint32_t t, TileXY xy) {
        const std::uint8_t e = tile_edges[t];
        const std::int64_t tx = xy.x, ty = xy.y;
        const std::uint32_t m = tile_rows[t];
        const std::uint32_t around = m | (m << 1) | (m >> 1);
        const int dy_lo = (e & detail::kEdgeTop) ? -1 : 0,
                  dy_hi = (e & detail::kEdgeBottom) ? 1 : 0;
        const int dx_lo = (e & detail::kEdgeLeft) ? -1 : 0,
                  dx_hi = (e & detail::kEdgeRight) ? 1 : 0;
        for (int dy = dy_lo; dy <= dy_hi; ++dy) {
            const std::int64_t ny = wrap_step(ty, int(dy), tiles_y);
            const std::uint32_t rows = dy < 0 ? last_row_bit(ny) : dy > 0 ? 1u : around;
            for (int dx = dx_lo; dx <= dx_hi; ++dx) {
                const std::int64_t nx = wrap_step(tx, int(dx), tiles_x);
                add(std::uint32_t(ny * tiles_x + nx), {nx, ny}, rows);
            }
        }
    }

    // Every tile is computed each generation (brute force, birth on 0).
    bool all_active() const {
        const bool empty_stays_empty = (rule.birth & 1u) == 0 && (rule.birth_random & 1u) == 0;
        return !empty_stays_empty || !skip_unchanged;
    }

    // Generations per band pass for `remaining` generations (1: no blocking).
    // Automatic: on grids whose two planes exceed 16 MiB (far beyond the L2
    // caches; below that the one-generation tile kernel, which reuses each
    // input row for three output rows, is as fast from L3).
    int gens_per_pass(std::uint64_t remaining) const {
        if (!all_active() || remaining < 2) return 1;
        int gens = pass_gens;
        if (gens == 0) gens = stride * height * 16 > (std::int64_t(16) << 20) ? 8 : 1;
        return int(std::min<std::uint64_t>(std::uint64_t(gens), remaining));
    }
    std::int64_t rows_per_band() const {
        if (band_rows > 0) return band_rows;
        const std::int64_t bands = std::int64_t(pool.size()) * 4;
        return std::max<std::int64_t>(64, ((height + bands - 1) / bands + 31) / 32 * 32);
    }

    // Advances gens >= 2 generations in one band pass; counters as if stepped
    // one generation at a time (every tile re-hashed on demand).
    void step_band_pass(int gens, std::uint64_t seed, std::uint64_t generation) {
        detail::BandPass pass;
        pass.kernels = &kernel;
        pass.args.stride = stride;
        pass.args.width = width;
        pass.args.height = height;
        pass.args.words = words;
        pass.args.word_mask = word_mask.data();
        pass.args.rule = rule;
        pass.args.seed = seed;
        pass.args.generation = generation;
        pass.plane[0] = plane[0].get();
        pass.plane[1] = plane[1].get();
        pass.cur = cur;
        pass.gens = gens;
        pass.band_rows = rows_per_band();
        pass.tiles_x = tiles_x;
        const int last = (cur + gens) & 1;
        for (auto& b : band_pop) b.assign(std::size_t(tile_count()), 0);
        pass.pop_last = band_pop[0].data();
        pass.pop_before = band_pop[1].data();
        detail::step_bands(pass, pool);
        for (std::uint32_t t = 0; t < std::uint32_t(tile_count()); ++t) {
            retile(last, t, band_pop[0][t]);
            retile(1 - last, t, band_pop[1][t]);
        }
        for (auto& l : tile_live) std::fill(l.begin(), l.end(), std::uint8_t(0xFF));
        forced_list.clear();
        std::fill(forced.begin(), forced.end(), 0);
        changed_list.clear();
        changed_xy.clear();
        tiles_computed += std::uint64_t(gens) * std::uint64_t(tile_count());
        cur = last;
    }

    void schedule(const CompiledRule& r) {
        active.clear();
        active_xy.clear();
        if (++stamp_now == 0) {  // wrapped: reset stamps
            std::fill(stamp.begin(), stamp.end(), 0);
            std::fill(stamp_rows.begin(), stamp_rows.end(), 0);
            stamp_now = 1;
        }
        const std::uint32_t n = std::uint32_t(tile_count());
        const bool empty_stays_empty = (r.birth & 1u) == 0 && (r.birth_random & 1u) == 0;
        if (!empty_stays_empty || !skip_unchanged) {
            for (std::uint32_t t = 0; t < n; ++t) active.push_back(t);
            for (std::int64_t ty = 0; ty < tiles_y; ++ty)
                for (std::int64_t tx = 0; tx < tiles_x; ++tx) active_xy.push_back({tx, ty});
            return;
        }
        if (r.stochastic()) {
            // Nothing repeats: compute every tile near life, and every tile
            // whose old content must be cleared.
            for (std::uint32_t t = 0; t < n; ++t) {
                if (tile_pop[cur][t])
                    add_with_neighbours(t);
                else if (tile_pop[1 - cur][t])
                    add(t, tile_xy(t), kAllRows);
            }
            return;
        }
        for (std::size_t i = 0; i < changed_list.size(); ++i)
            add_affected(changed_list[i], changed_xy[i]);
        for (std::uint32_t t : forced_list) add_with_neighbours(t);
    }

    void age_forced() {
        std::size_t kept = 0;
        for (std::uint32_t t : forced_list)
            if (--forced[t] > 0) forced_list[kept++] = t;
        forced_list.resize(kept);
    }

    void reshape(std::int64_t new_width, std::int64_t new_height) {
        check_grid_fits(new_width, new_height);
        const std::int64_t w = words_per_row(new_width);
        padded = (w + kTileWords - 1) / kTileWords * kTileWords;
        stride = plane_stride(padded);
        check_grid_fits(stride * 64, new_height, 2);
        width = new_width;
        height = new_height;
        words = w;
        tiles_x = padded / kTileWords;
        tiles_y = (new_height + kTileRows - 1) / kTileRows;
        for (auto& p : plane) p = Plane(std::size_t(stride * height));
        word_mask.assign(std::size_t(padded + 1), 0);
        for (std::int64_t j = 0; j < words; ++j) word_mask[std::size_t(j)] = ~std::uint64_t(0);
        word_mask[std::size_t(words - 1)] = last_word_mask(width);
        const std::size_t tiles = std::size_t(tile_count());
        for (int p = 0; p < 2; ++p) {
            tile_pop[p].assign_zero(tiles);
            tile_hash[p].assign_zero(tiles);
            hash_stale[p].assign_zero(tiles);
            stale_list[p].clear();
            total_pop[p] = total_hash[p] = total_signature[p] = 0;
            tile_live[p].assign_zero(tiles);
        }
        tile_rows.assign_zero(tiles);
        need_rows.assign_zero(tiles);
        tile_changed.assign_zero(tiles);
        tile_edges.assign_zero(tiles);
        tile_delta.assign_zero(tiles);
        forced.assign_zero(tiles);
        forced_list.clear();
        stamp.assign_zero(tiles);
        stamp_rows.assign(std::size_t(tiles_y), 0);
        stamp_now = 0;
    }
};

CpuBackend::CpuBackend(const Rule& rule, const BackendOptions& options)
    : Backend(rule, options.seed), s_(std::make_unique<State>(options.threads)) {
    s_->rule = rule.compile();
    s_->skip_unchanged = options.skip_unchanged;
    s_->kernel = detail::select_tile_kernel(s_->rule, {}, &s_->isa);
    load(Grid(1, 1));
}

CpuBackend::~CpuBackend() = default;

void CpuBackend::use_instruction_set(const std::string& isa) {
    s_->kernel = detail::select_tile_kernel(s_->rule, isa, &s_->isa);
}

std::vector<std::string> CpuBackend::instruction_sets() {
    return detail::available_instruction_sets();
}

std::int64_t CpuBackend::width() const {
    return s_->width;
}
std::int64_t CpuBackend::height() const {
    return s_->height;
}
std::string CpuBackend::instruction_set() const {
    return s_->isa;
}
int CpuBackend::threads() const {
    return s_->pool.size();
}
std::uint64_t CpuBackend::tiles_computed() const {
    return s_->tiles_computed;
}
std::string CpuBackend::describe() const {
    return "cpu (" + instruction_set() + ", " + std::to_string(threads()) + " threads)";
}

void CpuBackend::check_fits(std::int64_t width, std::int64_t height, int caller_planes) const {
    check_grid_size(width, height);
    const std::int64_t words = (width + 63) / 64;
    const std::int64_t stride = (words + kTileWords - 1) / kTileWords * kTileWords + 2 * kRowOffset;
    check_torus_host_memory(width, height, caller_planes, 2, double(stride) * double(height) * 8.0,
                            "the cpu backend");
}

void CpuBackend::reset(std::int64_t width, std::int64_t height, std::uint64_t generation) {
    State& s = *s_;
    if (s.width == width && s.height == height) {
        // Clear what either plane holds, tile by tile: untouched memory stays untouched.
        for (int p = 0; p < 2; ++p)
            for (std::uint32_t t = 0; t < std::uint32_t(s.tile_count()); ++t) s.clear_tile(p, t);
        for (std::uint32_t t : s.forced_list) s.forced[t] = 0;  // the others are 0
        s.forced_list.clear();
    } else {
        check_fits(width, height, 0);  // refused with the numbers before allocating
        s.reshape(width, height);
    }
    s.cur = 0;
    s.changed_list.clear();
    s.changed_xy.clear();
    s.tiles_computed = 0;
    s.track_hash = false;
    generation_ = generation;
}

void CpuBackend::load(const Grid& g, std::uint64_t generation) {
    State& s = *s_;
    reset(g.width(), g.height(), generation);
    // Copy the live words only; tiles that receive cells are forced.
    for (std::int64_t y = 0; y < s.height; ++y) {
        auto src = g.row(y);
        bool any = false;
        for (std::int64_t j = 0; j < s.words; ++j) {
            const std::uint64_t w = src[std::size_t(j)];
            if (!w) continue;
            s.row(0, y)[kRowOffset + j] = w;
            const std::uint32_t t = std::uint32_t((y / kTileRows) * s.tiles_x + j / kTileWords);
            if (!s.tile_pop[0][t]) s.tile_pop[0][t] = 1;  // marked; counted below
            any = true;
        }
        if (any) s.fix_edges(0, y);
    }
    for (std::uint32_t t = 0; t < std::uint32_t(s.tile_count()); ++t) {
        if (!s.tile_pop[0][t]) continue;
        s.tile_pop[0][t] = 0;
        s.retile(0, t, s.count_tile(0, t));
        s.tile_live[0][t] = 0xFF;
        s.force(t);
    }
}

Grid CpuBackend::grid() const {
    const State& s = *s_;
    Grid g(s.width, s.height);
    for (std::uint32_t t = 0; t < std::uint32_t(s.tile_count()); ++t) {
        if (!s.tile_pop[s.cur][t]) continue;
        const TileXY xy = s.tile_xy(t);
        const std::int64_t tx = xy.x, ty = xy.y;
        const std::int64_t y1 = std::min(s.height, (ty + 1) * kTileRows);
        const std::int64_t j1 = std::min(s.words, (tx + 1) * kTileWords);
        for (std::int64_t y = ty * kTileRows; y < y1; ++y) {
            const std::uint64_t* r = s.row(s.cur, y) + kRowOffset;
            auto dst = g.row(y);
            for (std::int64_t j = tx * kTileWords; j < j1; ++j) dst[std::size_t(j)] = r[j];
        }
    }
    g.mask_padding();
    return g;
}

std::vector<CpuBackend::LiveWord> CpuBackend::live_words() const {
    const State& s = *s_;
    std::vector<LiveWord> out;
    std::vector<std::int64_t> live_columns;
    for (std::int64_t ty = 0; ty < s.tiles_y; ++ty) {
        live_columns.clear();
        for (std::int64_t tx = 0; tx < s.tiles_x; ++tx)
            if (s.tile_pop[s.cur][std::size_t(ty * s.tiles_x + tx)]) live_columns.push_back(tx);
        if (live_columns.empty()) continue;
        const std::int64_t y1 = std::min(s.height, (ty + 1) * kTileRows);
        for (std::int64_t y = ty * kTileRows; y < y1; ++y) {
            const std::uint64_t* r = s.row(s.cur, y) + kRowOffset;
            for (std::int64_t tx : live_columns) {
                const std::int64_t j1 = std::min(s.words, (tx + 1) * kTileWords);
                for (std::int64_t j = tx * kTileWords; j < j1; ++j)
                    if (const std::uint64_t w = r[j] & s.word_mask[std::size_t(j)])
                        out.push_back({y, j, w});
            }
        }
    }
    return out;
}

bool CpuBackend::get(std::int64_t x, std::int64_t y) const {
    const State& s = *s_;
    x %= s.width;
    y %= s.height;
    if (x < 0) x += s.width;
    if (y < 0) y += s.height;
    return s.cell(s.cur, x, y);
}

void CpuBackend::set(std::int64_t x, std::int64_t y, bool alive) {
    State& s = *s_;
    x %= s.width;
    y %= s.height;
    if (x < 0) x += s.width;
    if (y < 0) y += s.height;
    if (s.cell(s.cur, x, y) == alive) return;
    std::uint64_t& w = s.row(s.cur, y)[kRowOffset + x / 64];
    w ^= std::uint64_t(1) << (x % 64);
    s.fix_edges(s.cur, y);
    const std::uint32_t t = s.tile_of(x, y);
    s.retile(s.cur, t, s.tile_pop[s.cur][t] + (alive ? 1 : std::uint64_t(-1)));
    if (alive) s.tile_live[s.cur][t] |= std::uint8_t(1u << ((x / 64) % kTileWords));
    s.force(t);
}

namespace {
std::int64_t wrap_coordinate(std::int64_t v, std::int64_t n) {
    v %= n;
    return v < 0 ? v + n : v;
}
}  // namespace

// Row copies from the current plane: untouched tiles read as the zero page.
Grid CpuBackend::read_region(const Rect& r) const {
    const State& s = *s_;
    Grid out(r.width, r.height);
    for (std::int64_t y = 0; y < r.height; ++y)
        crop_row_wrapped(out.row(y).data(), r.width,
                         s.row(s.cur, wrap_coordinate(r.y + y, s.height)) + kRowOffset, s.width,
                         r.x);
    return out;
}

// Row copies into the current plane, then the tiles they reach are recounted
// and forced like set()'s: the cost is the region's, not the torus's.
void CpuBackend::write_region(const Grid& src, std::int64_t x0, std::int64_t y0) {
    State& s = *s_;
    const int p = s.cur;
    std::vector<std::uint8_t> columns(std::size_t(s.tiles_x), 0), rows(std::size_t(s.tiles_y), 0);
    if (src.width() >= s.width) {
        std::fill(columns.begin(), columns.end(), 1);
    } else {
        const std::int64_t first = wrap_coordinate(x0, s.width), last = first + src.width() - 1;
        for (std::int64_t x = first; x <= last; x += 64)  // a word at a time, wrapping
            columns[std::size_t((x % s.width) / 64 / kTileWords)] = 1;
        columns[std::size_t((last % s.width) / 64 / kTileWords)] = 1;
    }
    for (std::int64_t sy = 0; sy < src.height(); ++sy) {
        const std::int64_t y = wrap_coordinate(y0 + sy, s.height);
        paste_row_wrapped(s.row(p, y) + kRowOffset, s.width, x0, src.row(sy).data(), src.width(),
                          true);
        s.fix_edges(p, y);
        rows[std::size_t(y / kTileRows)] = 1;
    }
    for (std::int64_t ty = 0; ty < s.tiles_y; ++ty) {
        if (!rows[std::size_t(ty)]) continue;
        for (std::int64_t tx = 0; tx < s.tiles_x; ++tx) {
            if (!columns[std::size_t(tx)]) continue;
            const auto t = std::uint32_t(ty * s.tiles_x + tx);
            s.retile(p, t, s.count_tile(p, t));
            s.tile_live[p][t] = 0xFF;
            s.force(t);
        }
    }
}

void CpuBackend::set_temporal_blocking(std::int64_t band_rows, int gens_per_pass) {
    s_->band_rows = std::max<std::int64_t>(0, band_rows);
    s_->pass_gens = std::max(0, gens_per_pass);
}

void CpuBackend::step(std::uint64_t generations) {
    State& s = *s_;
    for (std::uint64_t g = 0; g < generations; ++g) {
        if (const int gens = s.gens_per_pass(generations - g); gens > 1) {
            s.step_band_pass(gens, seed_, generation_);
            generation_ += std::uint64_t(gens);
            g += std::uint64_t(gens) - 1;
            continue;
        }
        // Hash deltas cost the kernels more than re-hashing the tiles that
        // changed when hash() is asked for only now and then.
        if (!s.hash_asked) s.track_hash = false;
        s.hash_asked = false;
        s.schedule(s.rule);
        const int nxt = 1 - s.cur;
        detail::TileKernelArgs args;
        args.src = s.plane[s.cur].get();
        args.dst = s.plane[nxt].get();
        args.stride = s.stride;
        args.width = s.width;
        args.height = s.height;
        args.words = s.words;
        args.word_mask = s.word_mask.data();
        args.rule = s.rule;
        args.seed = seed_;
        args.generation = generation_;
        args.track_hash = s.track_hash;

        const std::size_t n = s.active.size();
        // Sparse work computes only the half of a tile that can hold cells
        // (words_needed), or nothing when neither can, and only the rows
        // that can change (need_rows, from add_affected); every tile is
        // whole when all are computed anyway.
        const bool whole = s.all_active();
        args.sparse = !whole;
        std::vector<std::uint64_t>& old_pop = s.old_pop;
        old_pop.clear();
        for (std::uint32_t t : s.active) old_pop.push_back(s.tile_pop[nxt][t]);
        auto run_tiles = [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                const std::uint32_t t = s.active[i];
                const TileXY xy = s.active_xy[i];
                const std::int64_t tx = xy.x, ty = xy.y;
                const std::uint8_t need = whole ? 0xFF : s.words_needed(t, xy);
                const std::uint32_t rows = whole ? State::kAllRows : s.need_rows[t];
                s.tile_changed[t] = false;
                if (need == 0 || rows == 0) continue;  // dead or repeating: unchanged
                const std::int64_t r0 = std::countr_zero(rows), r1 = 32 - std::countl_zero(rows);
                detail::TileOutcome o;
                if ((need & 0xF0) == 0)
                    o = s.kernel.half(args, tx, ty, 0, kTileWords / 2, r0, r1);
                else if ((need & 0x0F) == 0)
                    o = s.kernel.half(args, tx, ty, kTileWords / 2, kTileWords, r0, r1);
                else
                    o = s.kernel.step(args, tx, ty, 0, kTileWords, r0, r1);
                // Only this task touches tile t's counters of the next plane.
                // Rows not computed keep their content: their live words and
                // population stay counted (sparse steps count the change).
                const bool some_rows =
                    r0 > 0 || r1 < std::min(kTileRows, s.height - ty * kTileRows);
                s.tile_live[nxt][t] =
                    some_rows ? std::uint8_t(o.live | s.tile_live[nxt][t]) : o.live;
                if (o.changed) {
                    s.tile_pop[nxt][t] = whole ? o.population : old_pop[i] + o.population_delta;
                    s.tile_edges[t] = o.edges;
                    s.tile_delta[t] = o.hash_delta;
                    s.tile_rows[t] = o.rows;
                }
                s.tile_changed[t] = o.changed;
            }
        };
        // Up to 256 tiles (4 Mi cells, well under a millisecond) run on the
        // calling thread: waking the pool every generation costs more than it
        // saves for the small, busy areas of methuselahs and ships (Acorn's
        // analysis runs 5x faster so on a loaded 2-core machine).
        constexpr std::size_t kInlineTiles = 256;
        if (n <= kInlineTiles) {
            run_tiles(0, n);
        } else {
            const std::size_t per_task =
                std::max<std::size_t>(4, n / (std::size_t(s.pool.size()) * 16));
            const std::size_t tasks = (n + per_task - 1) / per_task;
            s.pool.run(tasks, [&](std::size_t task) {
                run_tiles(task * per_task, std::min(n, (task + 1) * per_task));
            });
        }
        s.tiles_computed += n;

        // Edge bits of rows whose first or last tile was rewritten (the
        // kernel stores whole masked words, so even an unchanged tile loses
        // them): once per tile row, in parallel once every tile is written.
        s.edge_rows.clear();
        for (const TileXY xy : s.active_xy) {
            const std::int64_t tx = xy.x, ty = xy.y;
            if ((tx == 0 || tx == s.tiles_x - 1) && s.stamp_rows[std::size_t(ty)] != s.stamp_now) {
                s.stamp_rows[std::size_t(ty)] = s.stamp_now;
                s.edge_rows.push_back(std::uint32_t(ty));
            }
        }
        auto repair = [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                const std::int64_t ty = s.edge_rows[i];
                const std::int64_t y1 = std::min(s.height, (ty + 1) * kTileRows);
                for (std::int64_t y = ty * kTileRows; y < y1; ++y) s.fix_edges(nxt, y);
            }
        };
        const std::size_t rows = s.edge_rows.size();
        if (rows <= 8) {
            repair(0, rows);
        } else {
            const std::size_t per_task =
                std::max<std::size_t>(2, rows / (std::size_t(s.pool.size()) * 4));
            s.pool.run((rows + per_task - 1) / per_task, [&](std::size_t task) {
                repair(task * per_task, std::min(rows, (task + 1) * per_task));
            });
        }
        // Counters of changed tiles; the changed list feeds the next schedule.
        s.changed_list.clear();
        s.changed_xy.clear();
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t t = s.active[i];
            if (!s.tile_changed[t]) continue;
            s.changed_list.push_back(t);
            s.changed_xy.push_back(s.active_xy[i]);
            const std::uint64_t fresh = s.tile_pop[nxt][t];
            s.tile_pop[nxt][t] = old_pop[i];
            if (s.track_hash)
                s.retile_hashed(nxt, t, fresh, s.tile_delta[t]);
            else
                s.retile(nxt, t, fresh);
        }
        s.age_forced();
        s.cur = nxt;
        ++generation_;
    }
}

std::uint64_t CpuBackend::population() const {
    return s_->total_pop[s_->cur];
}

std::uint64_t CpuBackend::signature() const {
    return s_->total_signature[s_->cur];
}

std::uint64_t CpuBackend::hash() const {
    State& s = *s_;
    s.track_hash = true;
    s.hash_asked = true;
    const int p = s.cur;
    for (std::uint32_t t : s.stale_list[p]) {
        s.tile_hash[p][t] = s.hash_tile(p, t);
        s.total_hash[p] += s.tile_hash[p][t];
        s.hash_stale[p][t] = 0;
    }
    s.stale_list[p].clear();
    return hash_finish(s.width, s.height, s.total_hash[p]);
}

// Draws straight from the current plane (no copy), bands of rows per worker.
void CpuBackend::render(const RenderRequest& request, const RenderTarget& target) const {
    if (target.memory != RenderMemory::Host)
        throw std::invalid_argument("the cpu backend renders into host memory only");
    State& s = *s_;
    const kernels::RenderParams p = kernels::make_render_params(
        request, rule_.neighbourhood() == Neighbourhood::Hexagonal, s.width, s.height);
    kernels::PlaneView v;
    v.words = s.plane[s.cur].get();
    v.stride = s.stride;
    v.offset = kRowOffset;
    v.torus_width = v.width = s.width;
    v.torus_height = v.height = s.height;
    const std::int64_t rows = std::min<std::int64_t>(request.height, target.height);
    const std::int64_t cols = std::min<std::int64_t>(request.width, target.width);
    constexpr std::int64_t kBand = 16;
    s.pool.run(std::size_t((rows + kBand - 1) / kBand), [&](std::size_t band) {
        const std::int64_t y1 = std::min(rows, std::int64_t(band + 1) * kBand);
        for (std::int64_t py = std::int64_t(band) * kBand; py < y1; ++py)
            for (std::int64_t px = 0; px < cols; ++px)
                target.pixels[py * target.pitch + px] = kernels::render_pixel(p, v, px, py);
    });
}

}  // namespace toroid
