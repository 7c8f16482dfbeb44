// Body of the strip kernel: k generations of a stored plane per launch.
//
// Geometry. A warp owns a strip of word columns and a band of rows. Lane L
// (0..31) of strip sx holds the "virtual word" v = 30 sx - 1 + L: the 64
// torus cells (64 v + b) mod W, b = 0..63, so every bit is a real cell at its
// real distance from its register neighbours, across the seam and on tori
// narrower than a word (cells repeat, the naive formula's multiplicity).
// Lanes 0 and 31 are halos: a bit's west/east neighbours at the warp's ends
// are wrong, and the error moves one cell per generation, so after k <= 64
// generations lanes 1..30 are still exact and are the ones written.
//
// Pipeline. The warp streams down the rows y0 - k .. y0 + S + k - 1 of its
// band (taken around the torus by row index). Stage g (0..k-1) turns rows of
// generation g into rows of generation g+1: it keeps two rows of records
// (up, mid) and, given the next row, emits the middle row's successor, which
// is the next row of stage g+1 in the same iteration. Stage g's output is
// exact from iteration 2g+2 on; stage k-1's rows from iteration 2k on are the
// band's rows y0.. of generation k, written to dst. Horizontal neighbours of
// a row's word come from lanes L-1 and L+1 (warp shuffles on the device).
// Records keep what later rows need (bitslice.hpp's row sums for Moore rules,
// west/self/east otherwise): each row's sums are computed once per stage.
//
// Edges. The kernel writes the stored layout (plane_layout.hpp) itself: the
// lane holding word E = W / 64 writes it masked to bits 0..W % 64, whose top
// bit is cell 0 (its virtual cells wrap), and the lane holding cell W-1
// writes the west halo word. No edge-repair launch follows.
//
// Stochastic rules draw, for every cell, the bits stochastic.hpp's contract
// gives (canonical word of the cell, generation of the stage): a lane whose
// 64 cells are one canonical word takes that word's draws; a lane across the
// seam gathers them cell run by cell run. Per-level threshold digits are
// precomputed (StochasticDigits).
//
// Population: with args.population set, each warp sums the popcount of the
// canonical words it wrote (the last generation) and adds it once (one
// atomic per warp); the caller zeroes the counter.
//
// Cut at every exchange, as eca_warp.hpp is: strip_stage() takes the words
// the shuffles deliver. The device shell (kernels/src/strip_kernels.cu)
// shuffles; strip_block_program() runs the same functions as phases over
// StripBlockShared for the host emulation. Bit-identical by construction.
#pragma once

#include <cstdint>
#include <type_traits>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/launch_index.hpp"
#include "toroid/core/plane_layout.hpp"
#include "toroid/core/step_variant.hpp"
#include "toroid/core/stochastic.hpp"
#include "toroid/eca/eca_update.hpp"
#include "toroid/kernels/launch_shape.hpp"
#include "toroid/kernels/lop3.hpp"

namespace toroid::kernels {

inline constexpr int kStripLanes = 32;
inline constexpr int kStripOutLanes = kStripLanes - 2;  // lanes 1..30 are written
inline constexpr int kStripMaxGenerations = 64;         // the halo lane is 64 cells
inline constexpr std::uint32_t kStripWarps = 4;         // warps per block (threadIdx.y)
inline constexpr std::uint32_t kStripThreads = kStripLanes * kStripWarps;
inline constexpr std::uint32_t kStripMaxBlocksY = 65535;

// Words written per row: 0 .. E, E = W / 64 the word holding bit W.
TOROID_HD constexpr std::int64_t strip_row_words(const PlaneShape& s) {
    return s.width / 64 + 1;
}

constexpr std::int64_t strip_count(const PlaneShape& s) {
    return blocks_for(strip_row_words(s), kStripOutLanes);
}

constexpr LaunchShape strip_launch_shape(const PlaneShape& s, std::int64_t band_rows,
                                         std::uint32_t max_blocks_y = kStripMaxBlocksY) {
    const std::int64_t bands = blocks_for(s.height, band_rows);
    LaunchShape l;
    l.grid = Index3{std::uint32_t(blocks_for(strip_count(s), kStripWarps)),
                    std::uint32_t(bands < max_blocks_y ? bands : max_blocks_y), 1};
    l.block = Index3{std::uint32_t(kStripLanes), kStripWarps, 1};
    return l;
}

// Rows per band for a plane: enough warps to fill a large GPU (about
// `target_warps`), the k-row warm-up at each end small against the band.
constexpr std::int64_t strip_band_rows(const PlaneShape& s, int gens,
                                       std::int64_t target_warps = 4096) {
    std::int64_t rows = strip_count(s) * s.height / target_warps;
    std::int64_t band = 8;
    while (band * 2 <= rows && band < 1024) band *= 2;
    const std::int64_t least = 4 * std::int64_t(gens);
    while (band < least && band < 1024) band *= 2;
    return band;
}

// Generations of the next launch of a step(remaining): the largest power of
// two <= remaining and <= max_k (the device instantiates 1, 2, 4, 8, each
// rule up to its strip_max_k()).
constexpr int strip_launch_generations(std::uint64_t remaining, int max_k) {
    int k = 1;
    while (std::uint64_t(k) * 2 <= remaining && k * 2 <= max_k) k *= 2;
    return k;
}

inline constexpr int kStripDeviceMaxGenerations = 8;

// The largest k the device runs for a rule: registers hold two and a half
// rows of records per generation (Moore: 14 of them for k = 4, ~150 of 255),
// and at k = 8 Moore rules spill; hexagonal and von Neumann rows are smaller.
// Stochastic rules: 1 (the Philox draws of k stages spill). Table rules
// (kTableVariant: CircuitStep, TableTreeStep, NearTotalisticStep): 1, their
// node values, pair functions or block cells live in local memory anyway
// (arrays indexed at run time), and k stages would multiply that traffic.
TOROID_HD int strip_max_k(const CompiledRule& rule) {
    if (rule.stochastic() || rule.uses_circuit) return 1;
    return rule.neighbourhood == Neighbourhood::Moore ? 4 : kStripDeviceMaxGenerations;
}

// Threshold digits per level (threshold_digits() of stochastic.hpp, once).
struct StochasticDigits {
    std::uint16_t birth[kStochasticLevels] = {};
    std::uint16_t survive[kStochasticLevels] = {};
};

TOROID_HD StochasticDigits make_stochastic_digits(const CompiledRule& r) {
    StochasticDigits d;
    for (int l = 0; l < kStochasticLevels; ++l) {
        d.birth[l] = std::uint16_t(threshold_digits(r.birth_threshold, l));
        d.survive[l] = std::uint16_t(threshold_digits(r.survive_threshold, l));
    }
    return d;
}

struct StripArgs {
    const std::uint64_t* src = nullptr;
    std::uint64_t* dst = nullptr;
    PlaneShape s;
    CompiledRule rule;
    StochasticDigits digits;
    std::uint64_t seed = 0;
    std::uint64_t generation = 0;  // of src
    std::int64_t band_rows = 64;
    std::int64_t bands = 0;  // blocks_for(height, band_rows), worked out on the host
    unsigned long long* population = nullptr;  // optional fused count of dst
};

// Where a lane is, and what it writes (worked out once per launch, so the
// row loop does no division).
struct StripPlace {
    int lane = 0;
    bool active = false;                      // the warp has words to write (uniform over the warp)
    bool writes = false;                      // lane 1..30 with v <= E
    bool edge = false;                        // v == E: the word holding bit W (masked with `keep`)
    bool halo = false;                        // holds cell W-1: writes the row's west halo word too
    bool aligned = false;                     // the 64 cells are canonical word start / 64, whole
    int halo_bit = 0;                         // (W-1) % 64
    std::int64_t v = 0;                       // virtual word
    std::int64_t start = 0;                   // first cell, (64 v) mod W
    std::uint64_t keep = ~std::uint64_t(0);   // bits written (edge: 0 .. W % 64)
    std::uint64_t count = ~std::uint64_t(0);  // bits counted (canonical cells)
};

// x mod m in [0, m), without a 64-bit division (on the device a call, whose
// register saves ptxas counts as spills). The kernel's x lie within one
// period of [0, m) (cells within a strip of the row, rows within 2k + 1 of
// the band) except on tori narrower than a strip or shorter than the
// warm-up, where x and m are small and 32 bits do.
TOROID_HD std::int64_t strip_wrap(std::int64_t x, std::int64_t m) {
    if (x >= 0 && x < m) return x;
    if (x < 0 && x >= -m) return x + m;
    if (x >= m && x - m < m) return x - m;
    const std::uint32_t um = std::uint32_t(m);
    if (x >= 0) return std::int64_t(std::uint32_t(x) % um);
    return std::int64_t(um - 1 - std::uint32_t(-x - 1) % um);
}

TOROID_HD StripPlace strip_place(const LaunchIndex& at, const PlaneShape& s) {
    StripPlace p;
    p.lane = int(at.thread.x);
    const std::int64_t strip = std::int64_t(at.block.x) * kStripWarps + at.thread.y;
    const std::int64_t first = strip * kStripOutLanes;  // first word written
    const std::int64_t e = strip_row_words(s) - 1;      // W / 64
    p.active = first <= e;
    p.v = first - 1 + p.lane;
    p.writes = p.lane >= 1 && p.lane <= kStripOutLanes && p.v <= e;
    p.edge = p.v == e;
    p.halo = p.v == (s.width - 1) / 64;
    p.halo_bit = int((s.width - 1) % 64);
    if (p.edge) {
        p.keep = (std::uint64_t(2) << (s.width % 64)) - 1;  // bits 0 .. W % 64
        p.count = s.width % 64 ? s.last_mask : 0;           // W % 64 == 0: no cell of the row
    }
    const std::int64_t c = strip_wrap(p.v * 64, s.width);
    p.start = c;
    p.aligned = (c & 63) == 0 && c + 64 <= s.width;
    return p;
}

// eca_extract64() for a start already in [0, W): no division in the row loop.
TOROID_HD std::uint64_t strip_extract(const std::uint64_t* words, std::int64_t width,
                                      std::int64_t p) {
    std::uint64_t out = 0;
    int n = 0;
    while (n < 64) {
        const int off = int(p & 63);
        std::int64_t take = 64 - (n > off ? n : off);
        if (width - p < take) take = width - p;
        std::uint64_t bits = words[p >> 6] >> off;
        if (take < 64) bits &= (std::uint64_t(1) << take) - 1;
        out |= bits << n;
        n += int(take);
        p += take;
        if (p == width) p = 0;
    }
    return out;
}

// One row's record for the rows below it: the variant's Row
// (core/step_variant.hpp: Moore rules keep their sums, computed once).
template <class V>
using StripRow = typename V::template Row<std::uint64_t>;

// A lane's registers: three rows of records per stage, the band's progress.
// The rows rotate by the iteration's phase i % 3: row[phase] is "up",
// row[(phase + 1) % 3] "mid", and the new row goes into row[(phase + 2) % 3],
// which holds the row above "up", dead by then. On the device, where the row
// loop is unrolled by three, the phase is a constant at every call, so the
// records stay in registers and the pipeline advances without moves (with
// two rows the new one would overwrite "up" while it is still read).
template <class V, int Cap>
struct StripLane {
    StripRow<V> row[3][Cap];
    std::int64_t y0 = 0, rows = 0;        // the band's first output row and its row count
    std::int64_t load_row = 0;            // next row to load, wrapped
    const std::uint64_t* load = nullptr;  // its canonical word 0
    std::uint64_t* store = nullptr;       // canonical word 0 of the next row written
    std::uint64_t carry = 0;              // the word passed between stages
    std::uint64_t population = 0;
};

template <class V, int Cap>
TOROID_HD void strip_band_begin(const StripArgs& a, std::int64_t band, int gens,
                                StripLane<V, Cap>& lane) {
    lane.y0 = band * a.band_rows;
    const std::int64_t left = a.s.height - lane.y0;
    lane.rows = left < a.band_rows ? left : a.band_rows;
    lane.load_row = strip_wrap(lane.y0 - gens, a.s.height);
    lane.load = a.s.row(a.src, lane.load_row) + kRowOffset;
    lane.store = a.s.row(a.dst, lane.y0) + kRowOffset;
    TOROID_UNROLL
    for (int g = 0; g < Cap; ++g) lane.row[0][g] = lane.row[1][g] = lane.row[2][g] = StripRow<V>{};
}

// Rows the band streams through.
template <class V, int Cap>
TOROID_HD std::int64_t strip_rows_in(const StripLane<V, Cap>& lane, int gens) {
    return lane.rows + 2 * std::int64_t(gens);
}

// Generation 0 of the next row.
template <class V, int Cap>
TOROID_HD std::uint64_t strip_load(const StripPlace& p, const StripArgs& a,
                                   StripLane<V, Cap>& lane) {
    const std::uint64_t* row = lane.load;
    if (++lane.load_row == a.s.height) {
        lane.load_row = 0;
        lane.load = a.src + kRowOffset;
    } else {
        lane.load += a.s.stride;
    }
    return p.aligned ? row[p.start >> 6] : strip_extract(row, a.s.width, p.start);
}

// The random words of levels 2 pair and 2 pair + 1 for the lane's cells of row y.
TOROID_HD void strip_random_pair(const StripPlace& p, const StripArgs& a, std::uint64_t generation,
                                 std::int64_t y, int pair, std::uint64_t& r0, std::uint64_t& r1) {
    const std::uint64_t row_base = std::uint64_t(y) * std::uint64_t(a.s.words);
    if (p.aligned) {
        const Philox4x32 r = random_level_pair(a.seed, generation, row_base + (p.start >> 6), pair);
        r0 = std::uint64_t(r.v[0]) | (std::uint64_t(r.v[1]) << 32);
        r1 = std::uint64_t(r.v[2]) | (std::uint64_t(r.v[3]) << 32);
        return;
    }
    r0 = r1 = 0;
    std::int64_t c = p.start;
    int n = 0;
    while (n < 64) {  // runs of cells within one canonical word (eca_extract64's walk)
        const int off = int(c & 63);
        std::int64_t take = 64 - (n > off ? n : off);
        if (a.s.width - c < take) take = a.s.width - c;
        const Philox4x32 r = random_level_pair(a.seed, generation, row_base + (c >> 6), pair);
        const std::uint64_t w0 = std::uint64_t(r.v[0]) | (std::uint64_t(r.v[1]) << 32);
        const std::uint64_t w1 = std::uint64_t(r.v[2]) | (std::uint64_t(r.v[3]) << 32);
        const std::uint64_t mask = take < 64 ? (std::uint64_t(1) << take) - 1 : ~std::uint64_t(0);
        r0 |= ((w0 >> off) & mask) << n;
        r1 |= ((w1 >> off) & mask) << n;
        n += int(take);
        c += take;
        if (c == a.s.width) c = 0;
    }
}

// stochastic.hpp's resolve_stochastic with the lane's draws and precomputed digits.
TOROID_HD std::uint64_t strip_resolve(const StripPlace& p, const StripArgs& a,
                                      std::uint64_t candidates, std::uint64_t self,
                                      const Count4<std::uint64_t>& count, std::uint64_t generation,
                                      std::int64_t y) {
    std::uint64_t undecided = candidates, happens = 0;
    for (int pair = 0; undecided && pair < kStochasticLevels / 2; ++pair) {
        std::uint64_t r[2];
        strip_random_pair(p, a, generation, y, pair, r[0], r[1]);
        for (int h = 0; h < 2; ++h) {
            const int level = 2 * pair + h;
            const std::uint64_t digit =
                apply_rule(self, count, a.digits.birth[level], a.digits.survive[level]);
            compare_level(r[h], digit, undecided, happens);
        }
    }
    return happens;
}

// bitslice.hpp's shift_west / shift_east as two funnel shifts each on the
// device (only bit 63 of `previous` and bit 0 of `next` matter, so the
// exchange moves one 32-bit half of the neighbour's word).
TOROID_HD std::uint64_t funnel_west(std::uint64_t self, std::uint64_t previous) {
#if defined(__CUDA_ARCH__)
    const std::uint32_t lo = std::uint32_t(self), hi = std::uint32_t(self >> 32);
    const std::uint32_t out_lo = __funnelshift_l(std::uint32_t(previous >> 32), lo, 1);
    const std::uint32_t out_hi = __funnelshift_l(lo, hi, 1);
    return std::uint64_t(out_lo) | (std::uint64_t(out_hi) << 32);
#else
    return shift_west(self, previous);
#endif
}

TOROID_HD std::uint64_t funnel_east(std::uint64_t self, std::uint64_t next) {
#if defined(__CUDA_ARCH__)
    const std::uint32_t lo = std::uint32_t(self), hi = std::uint32_t(self >> 32);
    const std::uint32_t out_lo = __funnelshift_r(lo, hi, 1);
    const std::uint32_t out_hi = __funnelshift_r(hi, std::uint32_t(next), 1);
    return std::uint64_t(out_lo) | (std::uint64_t(out_hi) << 32);
#else
    return shift_east(self, next);
#endif
}

// The variant's record of a row; Life's sums in LOP3 gates on the device.
template <class V>
TOROID_HD StripRow<V> strip_make_row(std::uint64_t west, std::uint64_t self, std::uint64_t east) {
    if constexpr (std::is_same_v<V, LifeStep>) {
        StripRow<V> r;
        r.words = Shifted3<std::uint64_t>{west, self, east};
        r.sums = life_row_sums(west, self, east);
        return r;
    } else {
        return V::prepare(Shifted3<std::uint64_t>{west, self, east});
    }
}

// Stage g of iteration i (phase = i % 3): `w` is this lane's word of the
// stage's new row, from_left / from_right the words of lanes L-1 and L+1
// (the lane's own at the warp's ends). Returns the stage's output word (the
// next stage's row).
template <class V, int Cap>
TOROID_HD std::uint64_t strip_stage(const StripPlace& p, const StripArgs& a,
                                    StripLane<V, Cap>& lane, int gens, int g, std::int64_t i,
                                    int phase, std::uint64_t w, std::uint64_t from_left,
                                    std::uint64_t from_right) {
    const StripRow<V>& up = lane.row[phase][g];
    const StripRow<V>& mid = lane.row[phase == 2 ? 0 : phase + 1][g];
    StripRow<V>& down = lane.row[phase == 0 ? 2 : phase - 1][g];
    down = strip_make_row<V>(funnel_west(w, from_left), w, funnel_east(w, from_right));
    std::uint64_t next;
    if constexpr (std::is_same_v<V, LifeStep>) {
        next = life_next(up.sums, mid.sums, mid.words.self, down.sums);  // LOP3 on the device
    } else {
        next = V::next(up, mid, down, a.rule);
        if constexpr (V::stochastic) {
            const Count4<std::uint64_t> count = V::count(up, mid, down);
            const std::uint64_t self = V::self(mid);
            const std::uint64_t candidates = stochastic_candidates(self, count, a.rule);
            if (candidates) {
                // The middle row: generation g + 1 of row y0 - gens + i - g - 1.
                const std::int64_t y = strip_wrap(lane.y0 - gens + i - g - 1, a.s.height);
                next |= strip_resolve(p, a, candidates, self, count, a.generation + g, y);
            }
        }
    }
    return next;
}

// Whether stage g runs in iteration i (its input rows exist from 2g on).
TOROID_HD bool strip_stage_runs(int g, std::int64_t i) {
    return i >= 2 * std::int64_t(g);
}

// Writes the last stage's word of iteration i (rows y0.. from iteration 2k).
template <class V, int Cap>
TOROID_HD void strip_store(const StripPlace& p, const StripArgs& a, StripLane<V, Cap>& lane,
                           int gens, std::int64_t i, std::uint64_t w) {
    if (i < 2 * std::int64_t(gens)) return;
    std::uint64_t* row = lane.store;
    lane.store += a.s.stride;
    if (!p.writes) return;
    row[p.v] = w & p.keep;
    if (a.population) lane.population += std::uint64_t(popcount64(w & p.count));
    if (p.halo) row[-1] = ((w >> p.halo_bit) & 1) << 63;
}

// ---- The exchange through block-shared memory (host emulation) ----------

template <class V, int Cap>
struct StripBlockShared {
    StripLane<V, Cap> lanes[kStripThreads];
    std::uint64_t word[kStripThreads];  // published words (carry or population)
};

// The phases of one block in order, with a barrier between consecutive
// calls of run_phase (eca_block_program's contract). `gens` <= Cap.
template <class V, int Cap, class RunPhase>
void strip_block_program(const StripArgs& a, int gens, const Index3& grid, const Index3& block,
                         RunPhase&& run_phase) {
    using Shared = StripBlockShared<V, Cap>;
    for (std::int64_t band = block.y; band < a.bands; band += grid.y) {
        run_phase([&](const LaunchIndex& at, Shared& sh) {
            if (strip_place(at, a.s).active)
                strip_band_begin(a, band, gens, sh.lanes[at.thread_rank()]);
        });
        std::int64_t rows = a.s.height - band * a.band_rows;
        rows = rows < a.band_rows ? rows : a.band_rows;
        for (std::int64_t i = 0; i < rows + 2 * gens; ++i) {
            run_phase([&](const LaunchIndex& at, Shared& sh) {
                const StripPlace p = strip_place(at, a.s);
                if (!p.active) return;
                StripLane<V, Cap>& lane = sh.lanes[at.thread_rank()];
                lane.carry = strip_load(p, a, lane);
            });
            for (int g = 0; g < gens && strip_stage_runs(g, i); ++g) {
                run_phase([&](const LaunchIndex& at, Shared& sh) {
                    const std::uint32_t t = at.thread_rank();
                    sh.word[t] = sh.lanes[t].carry;
                });
                run_phase([&](const LaunchIndex& at, Shared& sh) {
                    const StripPlace p = strip_place(at, a.s);
                    if (!p.active) return;
                    const std::uint32_t t = at.thread_rank();
                    // What the shuffles deliver: a lane's own word past the warp's ends.
                    const std::uint64_t left = p.lane > 0 ? sh.word[t - 1] : sh.word[t];
                    const std::uint64_t right =
                        p.lane < kStripLanes - 1 ? sh.word[t + 1] : sh.word[t];
                    StripLane<V, Cap>& lane = sh.lanes[t];
                    lane.carry =
                        strip_stage<V>(p, a, lane, gens, g, i, int(i % 3), lane.carry, left, right);
                });
            }
            run_phase([&](const LaunchIndex& at, Shared& sh) {
                const StripPlace p = strip_place(at, a.s);
                if (!p.active) return;
                StripLane<V, Cap>& lane = sh.lanes[at.thread_rank()];
                strip_store(p, a, lane, gens, i, lane.carry);
            });
        }
    }
    if (!a.population) return;
    // The warp's sum, added once by its lane 0 (a shuffle reduction and one
    // atomic on the device).
    run_phase([&](const LaunchIndex& at, Shared& sh) {
        const std::uint32_t t = at.thread_rank();
        sh.word[t] = sh.lanes[t].population;
    });
    run_phase([&](const LaunchIndex& at, Shared& sh) {
        if (at.thread.x != 0 || !strip_place(at, a.s).active) return;
        std::uint64_t sum = 0;
        for (int l = 0; l < kStripLanes; ++l) sum += sh.word[at.thread_rank() + std::uint32_t(l)];
        *a.population += sum;
    });
}

}  // namespace toroid::kernels
