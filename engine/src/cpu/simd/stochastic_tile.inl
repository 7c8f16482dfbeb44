// The tile kernel of stochastic rules with one threshold class (such as
// B2(1/3)/S12H) on AVX-512 and AVX2: the contract of
// toroid/core/stochastic.hpp with fewer Philox calls. Included by
// tile_kernel.inl inside its anonymous namespace, after step_tile, for those
// instruction sets.
//
// Why a queue. A word's random digits are drawn a level pair at a time until
// none of its cells is undecided; a cell is decided after two levels on
// average, a word of ~10 candidates after about five, but a vector of eight
// words after its slowest word (eight to twelve levels on a 50% soup). So
// each row draws its first four levels for all eight words, and only the
// words still undecided then go to a queue, drained a pair of levels at a
// time, eight queued words (of any rows) per vector of Philox instances.
// Words enter and leave the queue by compress_store, so the bookkeeping
// costs a few instructions per row; about 40% fewer Philox calls. Every word still
// sees exactly R(0), R(1), ... of the contract: the result is bit-identical
// to the word-by-word evaluation (the tests compare every instruction set).
//
// A vector column is done in three passes: (1) the rows' deterministic next
// states, candidates and first two level pairs, with step_tile's rolling
// window; (2) the queue; (3) the rows are finished as step_tile finishes
// them (masked, compared with the old content, stored, counted, hashed).

// The lanes of v selected by `keep`, stored contiguously from p (which has
// room for kLanes words): vpcompressq on AVX-512, a permutation from a table
// of the 16 masks on AVX2.
inline void compress_store(std::uint64_t* p, unsigned keep, Vec v) {
#if defined(__AVX512F__) && TOROID_LANES == 8
    _mm512_storeu_si512(p, _mm512_maskz_compress_epi64(__mmask8(keep), (__m512i)v));
#elif defined(__AVX512VL__) && TOROID_LANES == 4
    _mm256_storeu_si256((__m256i*)p, _mm256_maskz_compress_epi64(__mmask8(keep), (__m256i)v));
#else
    static constexpr auto kOrder = [] {
        std::array<std::array<std::int32_t, 8>, 16> order{};
        for (unsigned m = 0; m < 16; ++m) {
            int k = 0;
            for (int l = 0; l < 4; ++l)
                if (m >> l & 1) order[m][k++] = 2 * l, order[m][k++] = 2 * l + 1;
        }
        return order;
    }();
    const __m256i index = _mm256_loadu_si256((const __m256i*)kOrder[keep].data());
    _mm256_storeu_si256((__m256i*)p, _mm256_permutevar8x32_epi32((__m256i)v, index));
#endif
}

constexpr int kColumnWords = int(kTileRows) * kLanes;  // words of one vector column
constexpr int kQueueGroup = 4;                         // queued vectors drawn at once

// Still-undecided words: canonical index (the counter), undecided lanes,
// candidates (the class's members: the threshold's digits select them), and
// slot = row * kLanes + lane in the column. Room for a group of padding.
struct StochasticQueue {
    alignas(64) std::uint64_t word[kColumnWords + kQueueGroup * kLanes];
    alignas(64) std::uint64_t undecided[kColumnWords + kQueueGroup * kLanes];
    alignas(64) std::uint64_t member[kColumnWords + kQueueGroup * kLanes];
    alignas(64) std::uint64_t slot[kColumnWords + kQueueGroup * kLanes];
    int size = 0;

    // Appends the lanes of `u` that are not zero.
    void push(Vec w, Vec u, Vec m, Vec s) {
        const unsigned keep = nonzero_lanes(u);
        if (!keep) return;
        compress_store(word + size, keep, w);
        compress_store(undecided + size, keep, u);
        compress_store(member + size, keep, m);
        compress_store(slot + size, keep, s);
        size += std::popcount(keep);
    }
    // Lanes past the end read as decided (nothing happens, nothing queued).
    void pad() {
        for (int i = size; i < size + kQueueGroup * kLanes; ++i)
            word[i] = undecided[i] = member[i] = slot[i] = 0;
    }
};

// Levels 2 * pair and 2 * pair + 1 for G vectors of queued words from
// `first`: what happens is ORed into happens[slot], the undecided go to `out`.
template <int G>
inline void drain_queue(const StochasticPlan& plan, const StochasticQueue& in, int first, int pair,
                        std::uint64_t* happens, StochasticQueue& out) {
    Vec words[G], pair_bits[G], even[G], odd[G];
    for (int g = 0; g < G; ++g) {
        words[g] = load(in.word + first + g * kLanes);
        pair_bits[g] = splat64(std::uint64_t(pair) << 28);
    }
    philox_sets<G>(plan, words, pair_bits, even, odd);
    const std::uint32_t t = plan.threshold[0];
    const bool digit_even = (t >> (31 - 2 * pair)) & 1u, digit_odd = (t >> (30 - 2 * pair)) & 1u;
    for (int g = 0; g < G; ++g) {
        const int at = first + g * kLanes;
        Vec undecided = load(in.undecided + at), happen{};
        const Vec member = load(in.member + at), slots = load(in.slot + at);
        compare_level(even[g], digit_even ? member : Vec{}, undecided, happen);
        compare_level(odd[g], digit_odd ? member : Vec{}, undecided, happen);
        for (unsigned m = nonzero_lanes(happen); m; m &= m - 1) {
            const int l = std::countr_zero(m);
            happens[slots[l]] |= happen[l];
        }
        out.push(words[g], undecided, member, slots);
    }
}

template <class V>
TileOutcome step_tile_queued(const TileKernelArgs& a, std::int64_t tx, std::int64_t ty,
                             std::int64_t first_word, std::int64_t end_word, std::int64_t first_row,
                             std::int64_t end_row) {
    const std::int64_t top = ty * kTileRows;  // the tile's rows: [top, bottom)
    const std::int64_t bottom = top + kTileRows < a.height ? top + kTileRows : a.height;
    const std::int64_t y0 = top + first_row;
    const std::int64_t y1 = top + end_row < bottom ? top + end_row : bottom;
    const int rows = int(y1 - y0), r_top = int(y0 - top), r_last = int(bottom - top) - 1;
    const CompiledRule& rule = a.rule;
    const StochasticPlan plan = make_stochastic_plan(rule, a.seed, a.generation);
    TileTally tally;
    Vec lane_index{};
    for (int l = 0; l < kLanes; ++l) lane_index[l] = std::uint64_t(l);

    alignas(64) std::uint64_t fixed[kColumnWords], happens[kColumnWords];
    StochasticQueue queue[2];

    for (std::int64_t c = first_word; c < end_word; c += kLanes) {
        const std::int64_t j0 = tx * kTileWords + c;  // canonical word index of lane 0
        const std::int64_t pos = kRowOffset + j0;
        const Vec mask = load(a.word_masks + j0);
        auto row_ptr = [&](std::int64_t y) {
            return a.src + wrap_near(y, a.height) * a.stride + pos;
        };
        const std::uint64_t* const wrap_at = a.src + a.height * a.stride + pos;
        const std::uint64_t* down_row = row_ptr(y0 + 1);
        using Row = typename V::template Row<Vec>;
        Row up = V::prepare(fetch(row_ptr(y0 - 1))), mid = V::prepare(fetch(row_ptr(y0)));
        queue[0].size = 0;

        // (1) Rows: deterministic part, candidates, levels 0-3.
        for (int r = 0; r < rows; ++r) {
            const std::int64_t y = y0 + r;
            const Row down = V::prepare(fetch(down_row));
            down_row += a.stride;
            if (down_row == wrap_at) down_row = a.src + pos;
            const Count4<Vec> count = V::count(up, mid, down);
            store(fixed + r * kLanes, V::next(up, mid, down, rule));
            Vec happen{};
            const Vec candidates = stochastic_candidates(V::self(mid), count, rule) & mask;
            if (any_bits(candidates)) {
                const std::uint64_t first = std::uint64_t(y * a.words + j0);
                Vec undecided = candidates, random[4], members[1] = {candidates};
                random_levels<1>(plan, first, 0, random);
                compare_levels(plan, members, random, 0, undecided, happen);
                queue[0].push(lane_index + first, undecided, candidates,
                              lane_index + std::uint64_t(r * kLanes));
            }
            store(happens + r * kLanes, happen);
            up = mid;
            mid = down;
        }

        // (2) The queue, a level pair at a time, up to kQueueGroup vectors at once.
        int in = 0;
        for (int pair = 2; queue[in].size > 0 && pair < kStochasticLevels / 2; ++pair) {
            StochasticQueue& from = queue[in];
            StochasticQueue& to = queue[1 - in];
            from.pad();
            to.size = 0;
            for (int first = 0; first < from.size; first += kQueueGroup * kLanes) {
                switch ((std::min(from.size - first, kQueueGroup * kLanes) + kLanes - 1) / kLanes) {
                    case 1:
                        drain_queue<1>(plan, from, first, pair, happens, to);
                        break;
                    case 2:
                        drain_queue<2>(plan, from, first, pair, happens, to);
                        break;
                    case 3:
                        drain_queue<3>(plan, from, first, pair, happens, to);
                        break;
                    default:
                        drain_queue<4>(plan, from, first, pair, happens, to);
                }
            }
            in = 1 - in;
        }  // still undecided after 32 levels: U == T, nothing happens

        // (3) Finish the rows as step_tile does.
        std::uint64_t* out = a.dst + y0 * a.stride + pos;
        for (int r = 0; r < rows; ++r, out += a.stride)
            tally.row(a, out, load(fixed + r * kLanes) | load(happens + r * kLanes), mask, y0 + r,
                      j0, r_top + r == 0, r_top + r == r_last, r_top + r);
        tally.end_column(c);
    }
    return tally.outcome((tx + 1) * kTileWords * 64 >= a.width);
}
