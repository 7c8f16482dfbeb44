// CpuBackend's face: loading, cells, regions, counters. The state's rooms
// are described in cpu_state.hpp; stepping is cpu_step.cpp's.
#include "toroid/cpu/cpu_backend.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "cpu_state.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/row_bits.hpp"

namespace toroid {

using detail::kTileRows;
using detail::kTileWords;
using detail::TileXY;

// --- State: what several rooms do together ---------------------------------

void CpuBackend::State::reshape(std::int64_t width, std::int64_t height, bool sparse) {
    check_grid_fits(width, height);
    const detail::StripLayout l = layout_for(width, height, sparse);
    check_grid_fits(l.strips * l.stride * 64, height, 2);
    planes.reshape(width, height, l);
    books.reset(std::size_t(tiles().count()));
    sched.reset(tiles(), planes.words, planes.strips);
}

// Automatic strips that turned dense (most tiles computed each step): the
// planes move to the row-major layout, whose huge pages and whole rows serve
// dense work better (a 65536^2 soup steps about 1.4x faster so). Tiles and
// their counters are unchanged; the tiles holding cells are copied.
void CpuBackend::State::relayout_rows() {
    planes.relayout_rows([&](int p, std::uint32_t t) { return books.pop[p][t] != 0; });
    sched.set_strips(planes.strips);
}

void CpuBackend::State::clear_tile(int p, std::uint32_t t) {
    if (!books.pop[p][t]) return;
    planes.zero_tile(p, t);
    books.retile(p, t, 0);
    books.live[p][t] = 0;
}

detail::TileKernelArgs CpuBackend::State::kernel_args(int src, int dst) const {
    detail::TileKernelArgs a;
    static_cast<TorusShape&>(a) = TorusShape::of(planes.width, planes.height);
    a.stride = planes.stride;
    a.src = planes.plane[src].get();
    a.dst = planes.plane[dst].get();
    a.word_masks = planes.word_mask.data();
    a.rule = rule;
    a.table_code = kernel.table_jit ? kernel.table_jit->entry() : nullptr;
    return a;
}

std::uint64_t CpuBackend::State::hash_tile(int p, std::uint32_t t) const {
    const detail::TileKernelArgs shape = kernel_args(p, p);
    const TileXY xy = tiles().xy(t);
    return kernel.hash(planes.base(p, planes.strip_of_tile(xy.x)), shape, xy.x, xy.y);
}

// --- The Backend face -------------------------------------------------------

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
    return s_->planes.width;
}
std::int64_t CpuBackend::height() const {
    return s_->planes.height;
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
    const detail::StripLayout l =
        detail::StripLayout::of(width, height, s_->strip_request, !s_->all_active());
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
    return s_->planes.strips;
}

void CpuBackend::set_temporal_blocking(std::int64_t band_rows, int gens_per_pass) {
    s_->band_rows = std::max<std::int64_t>(0, band_rows);
    s_->pass_gens = std::max(0, gens_per_pass);
}

void CpuBackend::reset(std::int64_t width, std::int64_t height, std::uint64_t generation) {
    State& s = *s_;
    const bool sparse = !s.dense_load;
    if (s.planes.width == width && s.planes.height == height && s.planes.plane[0].get() &&
        s.planes.same_layout(s.layout_for(width, height, sparse))) {
        // Clear what either plane holds, tile by tile: untouched memory stays untouched.
        for (int p = 0; p < 2; ++p)
            for (std::uint32_t t = 0; t < std::uint32_t(s.tiles().count()); ++t) s.clear_tile(p, t);
        s.sched.unforce_all();
    } else {
        check_fits(width, height, 0);  // refused with the numbers before allocating
        s.reshape(width, height, sparse);
    }
    s.cur = 0;
    s.sched.forget_changes();
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
    detail::StripPlanes& planes = s.planes;
    // Copy the live words only; tiles that receive cells are forced.
    for (std::int64_t y = 0; y < planes.height; ++y) {
        auto src = g.row(y);
        bool any = false;
        for (std::int64_t j = 0; j < planes.words; ++j) {
            const std::uint64_t w = src[std::size_t(j)];
            if (!w) continue;
            planes.word(0, y, j) = w;
            const std::uint32_t t = s.tiles().index(j / kTileWords, y / kTileRows);
            if (!s.books.pop[0][t]) s.books.pop[0][t] = 1;  // marked; counted below
            any = true;
            if (planes.strips > 1) planes.fix_word_edges(0, y, j);
        }
        if (any && planes.strips == 1) planes.fix_edges(0, y);
    }
    for (std::uint32_t t = 0; t < std::uint32_t(s.tiles().count()); ++t) {
        if (!s.books.pop[0][t]) continue;
        s.books.pop[0][t] = 0;
        s.rewrote_tile(0, t);
    }
}

Grid CpuBackend::grid() const {
    const State& s = *s_;
    const detail::StripPlanes& planes = s.planes;
    Grid g(planes.width, planes.height);
    for (std::uint32_t t = 0; t < std::uint32_t(s.tiles().count()); ++t) {
        if (!s.books.pop[s.cur][t]) continue;
        const TileXY xy = s.tiles().xy(t);
        const std::int64_t j1 = std::min(planes.words, (xy.x + 1) * kTileWords);
        for (std::int64_t y = s.tiles().first_row(xy.y); y < s.tiles().end_row(xy.y); ++y) {
            const std::uint64_t* r =
                planes.strip_row(s.cur, planes.strip_of_tile(xy.x), y) + kRowOffset;
            auto dst = g.row(y);
            for (std::int64_t j = xy.x * kTileWords; j < j1; ++j) dst[std::size_t(j)] = r[j];
        }
    }
    g.mask_padding();
    return g;
}

Backend::HostRows CpuBackend::host_rows() const {
    const State& s = *s_;
    const detail::StripPlanes& planes = s.planes;
    // Tiles without cells hold zero words (clearing a tile relies on it
    // too), so the current plane is the whole state.
    if (planes.strips != 1 || planes.width % 64 != 0 || !planes.plane[s.cur].get()) return {};
    return {planes.plane[s.cur].get() + kRowOffset, planes.stride};
}

std::vector<Backend::LiveWord> CpuBackend::live_words() const {
    const State& s = *s_;
    const detail::StripPlanes& planes = s.planes;
    const detail::TileGrid& tiles = s.tiles();
    std::vector<LiveWord> out;
    std::vector<std::int64_t> live_columns;
    for (std::int64_t ty = 0; ty < tiles.tiles_y; ++ty) {
        live_columns.clear();
        for (std::int64_t tx = 0; tx < tiles.tiles_x; ++tx)
            if (s.books.pop[s.cur][tiles.index(tx, ty)]) live_columns.push_back(tx);
        if (live_columns.empty()) continue;
        for (std::int64_t y = tiles.first_row(ty); y < tiles.end_row(ty); ++y) {
            for (std::int64_t tx : live_columns) {
                const std::uint64_t* r =
                    planes.strip_row(s.cur, planes.strip_of_tile(tx), y) + kRowOffset;
                const std::int64_t j1 = std::min(planes.words, (tx + 1) * kTileWords);
                for (std::int64_t j = tx * kTileWords; j < j1; ++j)
                    if (const std::uint64_t w = r[j] & planes.word_mask[std::size_t(j)])
                        out.push_back({y, j, w});
            }
        }
    }
    return out;
}

bool CpuBackend::get(std::int64_t x, std::int64_t y) const {
    const State& s = *s_;
    return s.planes.cell(s.cur, wrap(x, s.planes.width), wrap(y, s.planes.height));
}

void CpuBackend::set(std::int64_t x, std::int64_t y, bool alive) {
    State& s = *s_;
    detail::StripPlanes& planes = s.planes;
    x = wrap(x, planes.width);
    y = wrap(y, planes.height);
    if (planes.cell(s.cur, x, y) == alive) return;
    planes.word(s.cur, y, x / 64) ^= std::uint64_t(1) << (x % 64);
    planes.fix_word_edges(s.cur, y, x / 64);
    const std::uint32_t t = s.tiles().of_cell(x, y);
    s.books.retile(s.cur, t, s.books.pop[s.cur][t] + (alive ? 1 : std::uint64_t(-1)));
    if (alive) s.books.live[s.cur][t] |= std::uint8_t(1u << ((x / 64) % kTileWords));
    s.sched.force(t);
}

namespace {
// The canonical words a run of `length` cells from column x (any integer)
// reads, wrapping: one or two ranges [first, end).
std::array<std::pair<std::int64_t, std::int64_t>, 2> word_ranges(std::int64_t x,
                                                                 std::int64_t length,
                                                                 std::int64_t width) {
    const std::int64_t words = words_per_row(width);
    if (length >= width) return {{{0, words}, {0, 0}}};
    const std::int64_t a = wrap(x, width), e = a + length - 1;
    if (e < width) return {{{a / 64, e / 64 + 1}, {0, 0}}};
    return {{{a / 64, words}, {0, (e - width) / 64 + 1}}};
}
}  // namespace

// Row copies from the current plane: untouched tiles read as the zero page.
// Column strips copy the words the region reads into a row-major row first.
Grid CpuBackend::read_region(const Rect& r) const {
    const State& s = *s_;
    const detail::StripPlanes& planes = s.planes;
    Grid out(r.width, r.height);
    std::vector<std::uint64_t> row;
    if (planes.strips > 1) row.assign(std::size_t(plane_stride(planes.padded)), 0);
    const auto ranges = word_ranges(r.x, r.width, planes.width);
    for (std::int64_t y = 0; y < r.height; ++y) {
        const std::int64_t ty = wrap(r.y + y, planes.height);
        const std::uint64_t* src = planes.strip_row(s.cur, 0, ty) + kRowOffset;
        if (planes.strips > 1) {
            for (auto [first, end] : ranges)
                for (std::int64_t j = first; j < end; ++j)
                    row[std::size_t(kRowOffset + j)] = planes.word(s.cur, ty, j);
            src = row.data() + kRowOffset;
        }
        crop_row_wrapped(out.row(y).data(), r.width, src, planes.width, r.x);
    }
    return out;
}

// Row copies into the current plane, then the tiles they reach are recounted
// and forced like set()'s: the cost is the region's, not the torus's.
void CpuBackend::write_region(const Grid& src, std::int64_t x0, std::int64_t y0) {
    State& s = *s_;
    detail::StripPlanes& planes = s.planes;
    const detail::TileGrid& tiles = s.tiles();
    const int p = s.cur;
    std::vector<std::uint8_t> columns(std::size_t(tiles.tiles_x), 0),
        rows(std::size_t(tiles.tiles_y), 0);
    if (src.width() >= planes.width) {
        std::fill(columns.begin(), columns.end(), 1);
    } else {
        const std::int64_t first = wrap(x0, planes.width), last = first + src.width() - 1;
        for (std::int64_t x = first; x <= last; x += 64)  // a word at a time, wrapping
            columns[std::size_t((x % planes.width) / 64 / kTileWords)] = 1;
        columns[std::size_t((last % planes.width) / 64 / kTileWords)] = 1;
    }
    std::vector<std::uint64_t> row;
    if (planes.strips > 1) row.assign(std::size_t(plane_stride(planes.padded)), 0);
    const auto ranges = word_ranges(x0, src.width(), planes.width);
    for (std::int64_t sy = 0; sy < src.height(); ++sy) {
        const std::int64_t y = wrap(y0 + sy, planes.height);
        if (planes.strips == 1) {
            paste_row_wrapped(planes.strip_row(p, 0, y) + kRowOffset, planes.width, x0,
                              src.row(sy).data(), src.width(), true);
            planes.fix_edges(p, y);
        } else {
            // Through a row-major copy of the words written; words that
            // change are stored back (untouched memory stays untouched).
            for (auto [first, end] : ranges)
                for (std::int64_t j = first; j < end; ++j)
                    row[std::size_t(kRowOffset + j)] = planes.word(p, y, j);
            paste_row_wrapped(row.data() + kRowOffset, planes.width, x0, src.row(sy).data(),
                              src.width(), true);
            for (auto [first, end] : ranges)
                for (std::int64_t j = first; j < end; ++j)
                    if (planes.word(p, y, j) != row[std::size_t(kRowOffset + j)]) {
                        planes.word(p, y, j) = row[std::size_t(kRowOffset + j)];
                        planes.fix_word_edges(p, y, j);
                    }
        }
        rows[std::size_t(y / kTileRows)] = 1;
    }
    for (std::int64_t ty = 0; ty < tiles.tiles_y; ++ty) {
        if (!rows[std::size_t(ty)]) continue;
        for (std::int64_t tx = 0; tx < tiles.tiles_x; ++tx)
            if (columns[std::size_t(tx)]) s.rewrote_tile(p, tiles.index(tx, ty));
    }
}

std::uint64_t CpuBackend::population() const {
    return s_->books.total_pop[s_->cur];
}

std::uint64_t CpuBackend::signature() const {
    return s_->books.total_signature[s_->cur];
}

std::uint64_t CpuBackend::hash() const {
    State& s = *s_;
    s.track_hash = true;
    s.hash_asked = true;
    const std::uint64_t total =
        s.books.rehash(s.cur, [&](std::uint32_t t) { return s.hash_tile(s.cur, t); });
    return hash_finish(s.planes.width, s.planes.height, total);
}

}  // namespace toroid
