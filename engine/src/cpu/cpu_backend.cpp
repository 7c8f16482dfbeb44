// CpuBackend: lazily zeroed planes, per-tile counters, the active-tile scheduler.
#include "toroid/cpu/cpu_backend.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <array>
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
    // huge_pages = false: 4 KiB pages even where the kernel would give huge
    // ones (column strips, below).
    Plane(std::size_t words, bool huge_pages) : bytes_(std::max<std::size_t>(words * 8, 64)) {
        const bool huge = huge_pages && bytes_ >= kHugeFrom;
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
        } else if (!huge_pages) {
            madvise(p, mapped_bytes_, MADV_NOHUGEPAGE);  // where THP is "always"
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

// Column strips. A plane is stored as `strips` column strips of
// strip_words canonical words (whole tiles; the last strip may hold fewer),
// each a row-major plane of its own: row y of strip k holds words
// [k S, k S + S) at kRowOffset.., with halo words beside them as in
// plane_layout.hpp, except that between strips the west halo word holds bit
// 63 of the last word of strip k-1 and the east halo word bit 0 of the first
// word of strip k+1 (the torus's seam is as in plane_layout.hpp).
//
// Why: a row-major plane of a wide torus spends a whole row of memory on
// every row a glider reaches. A 65536-wide row is 8 KiB: with 4 KiB pages
// each such row is a page fault and a page cleared, with 2 MiB pages a huge
// page is cleared for every 256 rows; Acorn's 13 gliders on 65536 x 65536
// cleared 40 MB of huge pages, as long as the whole rest of the run. In
// strips of 24 words a glider's row costs 256 bytes (16 rows per 4 KiB
// page), so such tori use 4 KiB pages and strips when the sparse scheduler
// runs (temporal blocking, for rules that compute every tile, needs whole
// rows). Tile kernels need no change: strip k's rows, seen from
// base(k) = plane + k (strip_plane_words - S), hold word j at
// base + y stride + kRowOffset + j, the row-major addressing.
struct StripLayout {
    std::int64_t padded = 0;       // canonical words rounded up to whole tiles
    std::int64_t strip_words = 0;  // S (padded when one strip)
    std::int64_t strips = 1;
    std::int64_t stride = 0;             // stored words per row of a strip
    std::int64_t strip_plane_words = 0;  // stored words per strip (valid once the size fits)
    double bytes = 0;                    // of one plane (any size: the memory check's figure)

    // Automatic: strips of 24 words (1536 cells: 1.33 x the canonical
    // memory) on rows of 32768 cells or more in planes of 64 MiB or more,
    // where the scheduler computes tiles sparsely; one strip otherwise.
    // request > 0 (a multiple of kTileWords): strips of that many words.
    static StripLayout of(std::int64_t width, std::int64_t height, std::int64_t request,
                          bool sparse) {
        StripLayout l;
        l.padded = (words_per_row(width) + kTileWords - 1) / kTileWords * kTileWords;
        std::int64_t s = request;
        const double row_bytes = double(l.padded) * 8.0;
        if (s <= 0)
            s = sparse && l.padded >= 512 && row_bytes * double(height) >= double(64 << 20)
                    ? 3 * kTileWords
                    : l.padded;
        std::int64_t margin = 0;
        if (s >= l.padded) {
            l.strip_words = l.padded;
            l.stride = plane_stride(l.padded);
        } else {
            l.strip_words = s;
            l.strips = (l.padded + s - 1) / s;
            // The east halo word of row y is word 0 of row y + 1, which that
            // row does not read (its west halo is word kRowOffset - 1): one
            // margin, plus the east halo of the last row.
            l.stride = s + kRowOffset;
            margin = kRowOffset;
        }
        l.bytes = double(l.strips) * (double(l.stride) * double(height) + double(margin)) * 8.0;
        if (l.bytes < 0x1p62) l.strip_plane_words = l.stride * height + margin;
        return l;
    }
    std::int64_t plane_words() const { return strips * strip_plane_words; }
};

}  // namespace

struct CpuBackend::State {
    std::int64_t width = 0, height = 0;
    std::int64_t words = 0;   // canonical words per row
    std::int64_t padded = 0;  // words rounded up to whole tiles
    std::int64_t stride = 0;  // stored words per row of a strip
    // Column strips (StripLayout): S words each; base(p, k) = plane +
    // k * strip_skip. One strip: the row-major layout of plane_layout.hpp.
    std::int64_t strip_words = 0, strips = 1, strip_skip = 0;
    std::int64_t strip_request = 0;  // set_column_strips(): 0 = automatic
    bool dense_load = false;         // load() of a dense grid: no automatic strips
    // Per tile column (no divisions in the scheduler): its strip, and the
    // boundaries beside it (tile_boundaries).
    std::vector<std::int64_t> column_strip;
    std::vector<std::array<std::int64_t, 2>> column_boundaries;
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
    std::vector<std::uint32_t> active;          // scratch: tiles to compute
    std::vector<TileXY> active_xy, changed_xy;  // columns and rows of active, changed_list
    detail::ZeroedArray<std::uint32_t> stamp;   // scratch for de-duplication
    // Strip boundaries to repair after a step, as ty * strips + b (see
    // fix_boundary), and their stamps.
    detail::ZeroedArray<std::uint32_t> edge_stamp, edge_rows;
    std::vector<std::uint32_t> edge_work;
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

    // Row y of strip k, addressed like a row-major row: element kRowOffset
    // + j is word j of the strip's words, kRowOffset + kS - 1 its west halo.
    std::uint64_t* base(int p, std::int64_t k) { return plane[p].get() + k * strip_skip; }
    const std::uint64_t* base(int p, std::int64_t k) const {
        return plane[p].get() + k * strip_skip;
    }
    std::uint64_t* strip_row(int p, std::int64_t k, std::int64_t y) {
        return base(p, k) + y * stride;
    }
    const std::uint64_t* strip_row(int p, std::int64_t k, std::int64_t y) const {
        return base(p, k) + y * stride;
    }
    std::int64_t strip_of(std::int64_t j) const { return strips == 1 ? 0 : j / strip_words; }
    std::int64_t strip_of_tile(std::int64_t tx) const { return column_strip[std::size_t(tx)]; }
    // Canonical word j of row y.
    std::uint64_t& word(int p, std::int64_t y, std::int64_t j) {
        return strip_row(p, strip_of(j), y)[kRowOffset + j];
    }
    std::uint64_t word(int p, std::int64_t y, std::int64_t j) const {
        return strip_row(p, strip_of(j), y)[kRowOffset + j];
    }
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

    bool cell(int p, std::int64_t x, std::int64_t y) const {
        return (word(p, y, x / 64) >> (x % 64)) & 1;
    }

    // Rewrites the edge bits of row y at strip boundary b: the one west of
    // strip b, b = 0 being the torus's seam (cell W-1 in bit 63 of strip
    // 0's west halo, cell 0 in bit W; plane_layout.hpp). Words are written
    // only when they change: reading untouched memory maps the shared zero
    // page, writing it would allocate a page in each strip.
    void fix_boundary(int p, std::int64_t y, std::int64_t b) {
        auto put = [](std::uint64_t& w, std::uint64_t v) {
            if (w != v) w = v;
        };
        if (b == 0) {
            const std::uint64_t cell_last = cell(p, width - 1, y), cell_first = cell(p, 0, y);
            put(strip_row(p, 0, y)[kRowOffset - 1], cell_last << 63);
            std::uint64_t& edge = strip_row(p, strips - 1, y)[kRowOffset + width / 64];
            const std::uint64_t keep = width % 64 == 0 ? 0 : last_word_mask(width);
            put(edge, (edge & keep) | (cell_first << (width % 64)));
            return;
        }
        const std::int64_t j = b * strip_words;  // first word of strip b
        std::uint64_t* west = strip_row(p, b - 1, y) + kRowOffset;
        std::uint64_t* east = strip_row(p, b, y) + kRowOffset;
        put(east[j - 1], west[j - 1] & (std::uint64_t(1) << 63));
        put(west[j], east[j] & 1);
    }
    // Every boundary of row y.
    void fix_edges(int p, std::int64_t y) {
        for (std::int64_t b = 0; b < strips; ++b) fix_boundary(p, y, b);
    }
    // The boundaries whose edge bits read word j of row y.
    void fix_word_edges(int p, std::int64_t y, std::int64_t j) {
        if (j == 0 || j == words - 1) fix_boundary(p, y, 0);
        if (strips == 1) return;
        if (j % strip_words == 0 && j != 0) fix_boundary(p, y, j / strip_words);
        if ((j + 1) % strip_words == 0 && j + 1 < padded) fix_boundary(p, y, (j + 1) / strip_words);
    }
    // The boundaries whose edge bits read tile column tx: b[0] west of it
    // (it starts a strip), b[1] east of it (it ends one; the seam for the
    // last tile); -1: none.
    const std::array<std::int64_t, 2>& tile_boundaries(std::int64_t tx) const {
        return column_boundaries[std::size_t(tx)];
    }
    std::array<std::int64_t, 2> find_tile_boundaries(std::int64_t tx) const {
        std::array<std::int64_t, 2> b{-1, -1};
        const std::int64_t j0 = tx * kTileWords, j1 = j0 + kTileWords;
        if (j0 % strip_words == 0) b[0] = j0 / strip_words;
        if (tx == tiles_x - 1)
            b[1] = 0;
        else if (j1 % strip_words == 0)
            b[1] = j1 / strip_words;
        return b;  // {0, 0} on a torus one tile wide: the seam on either side
    }
    // Kernel arguments for tile column tx: the strip's bases as the planes.
    void aim(detail::TileKernelArgs& a, int src, int dst, std::int64_t tx) {
        const std::int64_t k = strip_of_tile(tx);
        a.src = base(src, k);
        a.dst = base(dst, k);
    }

    std::uint64_t count_tile(int p, std::uint32_t t) const {
        const TileXY xy = tile_xy(t);
        const std::int64_t tx = xy.x, ty = xy.y;
        std::uint64_t n = 0;
        const std::int64_t y1 = std::min(height, (ty + 1) * kTileRows);
        const std::int64_t k = strip_of_tile(tx);
        for (std::int64_t y = ty * kTileRows; y < y1; ++y) {
            const std::uint64_t* r = strip_row(p, k, y) + kRowOffset;
            for (std::int64_t j = tx * kTileWords; j < (tx + 1) * kTileWords; ++j)
                n += std::uint64_t(std::popcount(r[j] & word_mask[std::size_t(j)]));
        }
        return n;
    }

    std::uint64_t hash_tile(int p, std::uint32_t t) const {
        detail::TileKernelArgs shape;
        shape.stride = stride;
        shape.height = height;
        shape.words = words;
        shape.word_mask = word_mask.data();
        const TileXY xy = tile_xy(t);
        return kernel.hash(base(p, strip_of_tile(xy.x)), shape, xy.x, xy.y);
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
        const std::int64_t k = strip_of_tile(tx);
        for (std::int64_t y = ty * kTileRows; y < y1; ++y) {
            std::uint64_t* r = strip_row(p, k, y) + kRowOffset + tx * kTileWords;
            std::fill(r, r + kTileWords, 0);
            for (std::int64_t b : tile_boundaries(tx))
                if (b >= 0) fix_boundary(p, y, b);
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
        if (strips > 1) return 1;  // whole rows only (set_column_strips() in tests)
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
            std::fill(edge_stamp.begin(), edge_stamp.end(), 0);
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

    // The layout for a torus of this size: strips when automatic and
    // `sparse` (the content is not dense, and the scheduler can skip tiles).
    StripLayout layout_for(std::int64_t w, std::int64_t h, bool sparse) const {
        return StripLayout::of(w, h, strip_request, sparse && !all_active());
    }
    bool same_layout(const StripLayout& l) const {
        return l.strips == strips && l.strip_words == strip_words && l.stride == stride;
    }

    // The planes' geometry (width, height, tiles set): strip fields, the
    // per-column tables and the per-boundary scratch.
    void set_geometry(const StripLayout& l) {
        padded = l.padded;
        stride = l.stride;
        strip_words = l.strip_words;
        strips = l.strips;
        strip_skip = l.strip_plane_words - l.strip_words;
        column_strip.resize(std::size_t(tiles_x));
        column_boundaries.resize(std::size_t(tiles_x));
        for (std::int64_t tx = 0; tx < tiles_x; ++tx) {
            column_strip[std::size_t(tx)] = strip_of(tx * kTileWords);
            column_boundaries[std::size_t(tx)] = find_tile_boundaries(tx);
        }
        edge_stamp.assign_zero(std::size_t(tiles_y * strips));
        edge_rows.assign_zero(std::size_t(tiles_y * strips));
    }

    // Automatic strips that turned dense (most tiles computed each step):
    // the planes move to the row-major layout, whose huge pages and whole
    // rows serve dense work better (a 65536^2 soup steps about 1.4x faster
    // so). Tiles and their counters are unchanged; the tiles holding cells
    // are copied.
    void relayout_rows() {
        const StripLayout l = StripLayout::of(width, height, padded, false);
        Plane fresh[2] = {Plane(std::size_t(l.plane_words()), true),
                          Plane(std::size_t(l.plane_words()), true)};
        for (int p = 0; p < 2; ++p)
            for (std::uint32_t t = 0; t < std::uint32_t(tile_count()); ++t) {
                if (!tile_pop[p][t]) continue;
                const TileXY xy = tile_xy(t);
                const std::int64_t y1 = std::min(height, (xy.y + 1) * kTileRows);
                const std::int64_t j0 = kRowOffset + xy.x * kTileWords;
                for (std::int64_t y = xy.y * kTileRows; y < y1; ++y) {
                    const std::uint64_t* from = strip_row(p, strip_of_tile(xy.x), y) + j0;
                    std::copy(from, from + kTileWords, fresh[p].get() + y * l.stride + j0);
                }
            }
        for (int p = 0; p < 2; ++p) plane[p] = std::move(fresh[p]);
        set_geometry(l);
        for (int p = 0; p < 2; ++p)  // the seam's edge bits; zero where both ends are empty
            for (std::int64_t ty = 0; ty < tiles_y; ++ty) {
                if (!tile_pop[p][std::size_t(ty * tiles_x)] &&
                    !tile_pop[p][std::size_t(ty * tiles_x + tiles_x - 1)])
                    continue;
                const std::int64_t y1 = std::min(height, (ty + 1) * kTileRows);
                for (std::int64_t y = ty * kTileRows; y < y1; ++y) fix_boundary(p, y, 0);
            }
    }

    void reshape(std::int64_t new_width, std::int64_t new_height, bool sparse) {
        check_grid_fits(new_width, new_height);
        const std::int64_t w = words_per_row(new_width);
        const StripLayout l = layout_for(new_width, new_height, sparse);
        check_grid_fits(l.strips * l.stride * 64, new_height, 2);
        width = new_width;
        height = new_height;
        words = w;
        tiles_x = l.padded / kTileWords;
        tiles_y = (new_height + kTileRows - 1) / kTileRows;
        set_geometry(l);
        for (auto& p : plane) p = Plane(std::size_t(l.plane_words()), strips == 1);
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
    const StripLayout l = StripLayout::of(width, height, s_->strip_request, !s_->all_active());
    check_torus_host_memory(width, height, caller_planes, 2, l.bytes, "the cpu backend");
}

void CpuBackend::set_column_strips(std::int64_t strip_words) {
    if (strip_words < 0 || strip_words % kTileWords != 0)
        throw std::invalid_argument("column strips must be a multiple of " +
                                    std::to_string(kTileWords) + " words (0 = automatic), not " +
                                    std::to_string(strip_words));
    s_->strip_request = strip_words;  // reset() lays the planes out anew when it differs
}

std::int64_t CpuBackend::column_strips() const {
    return s_->strips;
}

void CpuBackend::reset(std::int64_t width, std::int64_t height, std::uint64_t generation) {
    State& s = *s_;
    const bool sparse = !s.dense_load;
    if (s.width == width && s.height == height && s.plane[0].get() &&
        s.same_layout(s.layout_for(width, height, sparse))) {
        // Clear what either plane holds, tile by tile: untouched memory stays untouched.
        for (int p = 0; p < 2; ++p)
            for (std::uint32_t t = 0; t < std::uint32_t(s.tile_count()); ++t) s.clear_tile(p, t);
        for (std::uint32_t t : s.forced_list) s.forced[t] = 0;  // the others are 0
        s.forced_list.clear();
    } else {
        check_fits(width, height, 0);  // refused with the numbers before allocating
        s.reshape(width, height, sparse);
    }
    s.cur = 0;
    s.changed_list.clear();
    s.changed_xy.clear();
    s.tiles_computed = 0;
    s.track_hash = false;
    generation_ = generation;
}

namespace {
// At least one word in 16 holds a cell (stops counting there).
bool dense_grid(const Grid& g) {
    const std::int64_t words = words_per_row(g.width());
    const std::int64_t enough = words * g.height() / 16 + 1;
    std::int64_t live = 0;
    for (std::int64_t y = 0; y < g.height(); ++y) {
        for (const std::uint64_t w : g.row(y)) live += w != 0;
        if (live >= enough) return true;
    }
    return false;
}
}  // namespace

void CpuBackend::load(const Grid& g, std::uint64_t generation) {
    State& s = *s_;
    // Dense content keeps whole rows where strips would be chosen (see
    // relayout_rows): a soup would only move out of them at its first step.
    struct DenseLoad {
        bool& flag;
        ~DenseLoad() { flag = false; }  // also when reset() refuses the size
    } dense_load{s.dense_load};
    s.dense_load = s.layout_for(g.width(), g.height(), true).strips > 1 && dense_grid(g);
    reset(g.width(), g.height(), generation);
    // Copy the live words only; tiles that receive cells are forced.
    for (std::int64_t y = 0; y < s.height; ++y) {
        auto src = g.row(y);
        bool any = false;
        for (std::int64_t j = 0; j < s.words; ++j) {
            const std::uint64_t w = src[std::size_t(j)];
            if (!w) continue;
            s.word(0, y, j) = w;
            const std::uint32_t t = std::uint32_t((y / kTileRows) * s.tiles_x + j / kTileWords);
            if (!s.tile_pop[0][t]) s.tile_pop[0][t] = 1;  // marked; counted below
            any = true;
            if (s.strips > 1) s.fix_word_edges(0, y, j);
        }
        if (any && s.strips == 1) s.fix_edges(0, y);
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
            const std::uint64_t* r = s.strip_row(s.cur, s.strip_of_tile(tx), y) + kRowOffset;
            auto dst = g.row(y);
            for (std::int64_t j = tx * kTileWords; j < j1; ++j) dst[std::size_t(j)] = r[j];
        }
    }
    g.mask_padding();
    return g;
}

Backend::HostRows CpuBackend::host_rows() const {
    const State& s = *s_;
    // Tiles without cells hold zero words (clear_tile relies on it too), so
    // the current plane is the whole state.
    if (s.strips != 1 || s.width % 64 != 0 || !s.plane[s.cur].get()) return {};
    return {s.plane[s.cur].get() + kRowOffset, s.stride};
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
            for (std::int64_t tx : live_columns) {
                const std::uint64_t* r = s.strip_row(s.cur, s.strip_of_tile(tx), y) + kRowOffset;
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
    s.word(s.cur, y, x / 64) ^= std::uint64_t(1) << (x % 64);
    s.fix_word_edges(s.cur, y, x / 64);
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

// The canonical words a run of `length` cells from column x (any integer)
// reads, wrapping: one or two ranges [first, end).
std::array<std::pair<std::int64_t, std::int64_t>, 2> word_ranges(std::int64_t x,
                                                                 std::int64_t length,
                                                                 std::int64_t width) {
    const std::int64_t words = words_per_row(width);
    if (length >= width) return {{{0, words}, {0, 0}}};
    const std::int64_t a = wrap_coordinate(x, width), e = a + length - 1;
    if (e < width) return {{{a / 64, e / 64 + 1}, {0, 0}}};
    return {{{a / 64, words}, {0, (e - width) / 64 + 1}}};
}
}  // namespace

// Row copies from the current plane: untouched tiles read as the zero page.
// Column strips copy the words the region reads into a row-major row first.
Grid CpuBackend::read_region(const Rect& r) const {
    const State& s = *s_;
    Grid out(r.width, r.height);
    std::vector<std::uint64_t> row;
    if (s.strips > 1) row.assign(std::size_t(plane_stride(s.padded)), 0);
    const auto ranges = word_ranges(r.x, r.width, s.width);
    for (std::int64_t y = 0; y < r.height; ++y) {
        const std::int64_t ty = wrap_coordinate(r.y + y, s.height);
        const std::uint64_t* src = s.strip_row(s.cur, 0, ty) + kRowOffset;
        if (s.strips > 1) {
            for (auto [first, end] : ranges)
                for (std::int64_t j = first; j < end; ++j)
                    row[std::size_t(kRowOffset + j)] = s.word(s.cur, ty, j);
            src = row.data() + kRowOffset;
        }
        crop_row_wrapped(out.row(y).data(), r.width, src, s.width, r.x);
    }
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
    std::vector<std::uint64_t> row;
    if (s.strips > 1) row.assign(std::size_t(plane_stride(s.padded)), 0);
    const auto ranges = word_ranges(x0, src.width(), s.width);
    for (std::int64_t sy = 0; sy < src.height(); ++sy) {
        const std::int64_t y = wrap_coordinate(y0 + sy, s.height);
        if (s.strips == 1) {
            paste_row_wrapped(s.strip_row(p, 0, y) + kRowOffset, s.width, x0, src.row(sy).data(),
                              src.width(), true);
            s.fix_edges(p, y);
        } else {
            // Through a row-major copy of the words written; words that
            // change are stored back (untouched memory stays untouched).
            for (auto [first, end] : ranges)
                for (std::int64_t j = first; j < end; ++j)
                    row[std::size_t(kRowOffset + j)] = s.word(p, y, j);
            paste_row_wrapped(row.data() + kRowOffset, s.width, x0, src.row(sy).data(), src.width(),
                              true);
            for (auto [first, end] : ranges)
                for (std::int64_t j = first; j < end; ++j)
                    if (s.word(p, y, j) != row[std::size_t(kRowOffset + j)]) {
                        s.word(p, y, j) = row[std::size_t(kRowOffset + j)];
                        s.fix_word_edges(p, y, j);
                    }
        }
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
        // Automatic strips whose content turned dense go row-major, once.
        if (s.strips > 1 && s.strip_request == 0 &&
            s.active.size() * 8 > std::size_t(s.tile_count()))
            s.relayout_rows();
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
            detail::TileKernelArgs strip_args;  // column strips: the tile's strip as the planes
            if (s.strips > 1) strip_args = args;
            for (std::size_t i = begin; i < end; ++i) {
                const std::uint32_t t = s.active[i];
                const TileXY xy = s.active_xy[i];
                const std::int64_t tx = xy.x, ty = xy.y;
                const std::uint8_t need = whole ? 0xFF : s.words_needed(t, xy);
                const std::uint32_t rows = whole ? State::kAllRows : s.need_rows[t];
                s.tile_changed[t] = false;
                if (need == 0 || rows == 0) continue;  // dead or repeating: unchanged
                const std::int64_t r0 = std::countr_zero(rows), r1 = 32 - std::countl_zero(rows);
                const detail::TileKernelArgs* a = &args;
                if (s.strips > 1) {
                    s.aim(strip_args, s.cur, nxt, tx);
                    a = &strip_args;
                }
                detail::TileOutcome o;
                if ((need & 0xF0) == 0)
                    o = s.kernel.half(*a, tx, ty, 0, kTileWords / 2, r0, r1);
                else if ((need & 0x0F) == 0)
                    o = s.kernel.half(*a, tx, ty, kTileWords / 2, kTileWords, r0, r1);
                else
                    o = s.kernel.step(*a, tx, ty, 0, kTileWords, r0, r1);
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

        // Edge bits at strip boundaries and the seam (fix_boundary) that the
        // new state may have changed. Dense steps store every row of every
        // tile computed, whole masked words (the seam's bit W is lost even
        // where nothing changed): every boundary beside them, every row.
        // Sparse steps store the rows that changed: the boundaries beside a
        // changed border column (the seam beside any change of the last
        // tile), those rows.
        s.edge_work.clear();
        s.changed_list.clear();
        s.changed_xy.clear();
        auto note = [&](std::int64_t ty, std::int64_t b, std::uint32_t rows) {
            if (b < 0 || rows == 0) return;
            const std::size_t e = std::size_t(ty * s.strips + b);
            if (s.edge_stamp[e] == s.stamp_now) {
                s.edge_rows[e] |= rows;
                return;
            }
            s.edge_stamp[e] = s.stamp_now;
            s.edge_rows[e] = rows;
            s.edge_work.push_back(std::uint32_t(e));
        };
        if (whole) {
            for (const TileXY xy : s.active_xy)
                for (const std::int64_t b : s.tile_boundaries(xy.x)) note(xy.y, b, State::kAllRows);
        }
        // Counters of changed tiles; the changed list feeds the next schedule.
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t t = s.active[i];
            if (!s.tile_changed[t]) continue;
            const TileXY xy = s.active_xy[i];
            s.changed_list.push_back(t);
            s.changed_xy.push_back(xy);
            const std::uint64_t fresh = s.tile_pop[nxt][t];
            s.tile_pop[nxt][t] = old_pop[i];
            if (s.track_hash)
                s.retile_hashed(nxt, t, fresh, s.tile_delta[t]);
            else
                s.retile(nxt, t, fresh);
            if (whole) continue;
            const std::uint8_t e = s.tile_edges[t];
            if (e & (detail::kEdgeLeft | detail::kEdgeRight)) {
                const auto& b = s.tile_boundaries(xy.x);
                if (e & detail::kEdgeLeft) note(xy.y, b[0], s.tile_rows[t]);
                if (e & detail::kEdgeRight) note(xy.y, b[1], s.tile_rows[t]);
            }
        }
        auto repair = [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                const std::uint32_t e = s.edge_work[i];
                const auto strips = std::uint32_t(s.strips);  // 32-bit division
                const std::int64_t ty = e / strips, b = e % strips;
                const std::int64_t y1 = std::min(s.height, (ty + 1) * kTileRows);
                for (std::uint32_t m = s.edge_rows[e]; m; m &= m - 1) {
                    const std::int64_t y = ty * kTileRows + std::countr_zero(m);
                    if (y < y1) s.fix_boundary(nxt, y, b);
                }
            }
        };
        // A boundary of a tile row costs about as much as a small tile:
        // few run here (as kInlineTiles), many on the pool.
        const std::size_t edges = s.edge_work.size();
        if (edges <= kInlineTiles) {
            repair(0, edges);
        } else {
            const std::size_t per_task =
                std::max<std::size_t>(2, edges / (std::size_t(s.pool.size()) * 4));
            s.pool.run((edges + per_task - 1) / per_task, [&](std::size_t task) {
                repair(task * per_task, std::min(edges, (task + 1) * per_task));
            });
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
    if (s.strips > 1) {
        v.strip_words = s.strip_words;
        v.strip_skip = s.strip_skip;
    }
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
