// Stochastic transitions for a vector of kLanes consecutive canonical words,
// the contract of toroid/core/stochastic.hpp evaluated with a vectorised
// Philox4x32-10. Included by tile_kernel.inl inside its anonymous namespace,
// after Vec and kLanes are defined (so it is compiled once per instruction set).
//
// Vectorised Philox. Each 64-bit lane of a Vec runs one 32-bit Philox
// instance in its low half (the level pair of the lane's word), so a set of
// kLanes instances yields two levels of kLanes words; the 32x32 -> 64-bit
// multiplies are vpmuludq (AVX-512, AVX2, SSE2).
//
// Digits of the thresholds. The random transitions of a rule fall into a few
// classes of equal threshold (B2(1/3)/S12H has one). A class's lanes are
// found once per word with apply_rule; the threshold digit of a level is then
// the union of the classes whose threshold has that digit set.

constexpr std::uint64_t kLow32 = 0xFFFFFFFFull, kHigh32 = ~kLow32;

inline Vec mul_low32(Vec a, Vec b) {
#if defined(__AVX512F__) && TOROID_LANES == 8
    // (maskz: GCC 12 warns about the unmasked form's undefined pass-through operand)
    return (Vec)_mm512_maskz_mul_epu32(__mmask8(0xFF), (__m512i)a, (__m512i)b);
#elif defined(__AVX2__) && TOROID_LANES == 4
    return (Vec)_mm256_mul_epu32((__m256i)a, (__m256i)b);
#elif defined(__SSE2__) && TOROID_LANES == 2
    return (Vec)_mm_mul_epu32((__m128i)a, (__m128i)b);
#else
    return (a & kLow32) * (b & kLow32);
#endif
}

// The high 32 bits of every lane moved to its low half (the high half is
// left as garbage, which vpmuludq ignores). A dword shuffle, not a 64-bit
// shift: shuffles issue on another port than the multiplies and shifts, so
// the Philox rounds below are not limited by one port.
inline Vec high_to_low(Vec p) {
    typedef std::uint32_t Halves __attribute__((vector_size(8 * kLanes)));
    const Halves h = (Halves)p;
#if defined(__clang__) && TOROID_LANES == 8
    return (Vec)__builtin_shufflevector(h, h, 1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13, 15, 15);
#elif defined(__clang__) && TOROID_LANES == 4
    return (Vec)__builtin_shufflevector(h, h, 1, 1, 3, 3, 5, 5, 7, 7);
#elif defined(__clang__) && TOROID_LANES == 2
    return (Vec)__builtin_shufflevector(h, h, 1, 1, 3, 3);
#elif TOROID_LANES == 8
    return (Vec)__builtin_shuffle(h, Halves{1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13, 15, 15});
#elif TOROID_LANES == 4
    return (Vec)__builtin_shuffle(h, Halves{1, 1, 3, 3, 5, 5, 7, 7});
#elif TOROID_LANES == 2
    return (Vec)__builtin_shuffle(h, Halves{1, 1, 3, 3});
#else
    return p >> 32;
#endif
}

// One test instruction where there is one (the kernels branch on it every row).
inline bool any_bits(Vec v) {
#if defined(__AVX512F__) && TOROID_LANES == 8
    return _mm512_test_epi64_mask((__m512i)v, (__m512i)v) != 0;
#elif defined(__AVX2__) && TOROID_LANES == 4
    return !_mm256_testz_si256((__m256i)v, (__m256i)v);
#else
    std::uint64_t any = 0;
    for (int l = 0; l < kLanes; ++l) any |= v[l];
    return any != 0;
#endif
}

inline Vec splat64(std::uint64_t x) {
    Vec v{};
    return v | x;
}

// Both 32-bit halves of every lane hold x.
inline Vec splat_pair(std::uint32_t x) {
    return splat64(std::uint64_t(x) | (std::uint64_t(x) << 32));
}

struct StochasticPlan {
    int classes = 0;
    std::uint32_t threshold[18] = {};
    std::uint32_t birth[18] = {}, survive[18] = {};  // count masks of each class
    Vec round_key0[10], round_key1[10];              // packed, per Philox round
    Vec generation_low, generation_high;             // packed counter words 2 and 3
};

inline StochasticPlan make_stochastic_plan(const CompiledRule& rule, std::uint64_t seed,
                                           std::uint64_t generation) {
    StochasticPlan plan;
    auto add = [&](std::uint32_t t, bool birth, int k) {
        int c = 0;
        while (c < plan.classes && plan.threshold[c] != t) ++c;
        if (c == plan.classes) plan.threshold[plan.classes++] = t;
        (birth ? plan.birth : plan.survive)[c] |= 1u << k;
    };
    for (int k = 0; k < 9; ++k) {
        if ((rule.birth_random >> k) & 1u) add(rule.birth_threshold[k], true, k);
        if ((rule.survive_random >> k) & 1u) add(rule.survive_threshold[k], false, k);
    }
    std::uint32_t k0 = std::uint32_t(seed), k1 = std::uint32_t(seed >> 32);
    for (int r = 0; r < 10; ++r) {
        plan.round_key0[r] = splat_pair(k0);
        plan.round_key1[r] = splat_pair(k1);
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    plan.generation_low = splat_pair(std::uint32_t(generation));
    plan.generation_high = splat_pair(std::uint32_t(generation >> 32));
    return plan;
}

// Philox4x32-10 on Sets independent sets of kLanes instances at once, the
// counters in c0..c3 (one instance in the low half of each 64-bit lane; the
// high halves carry garbage that vpmuludq ignores and the outputs mask off,
// so a 32x32 -> 64-bit mulhilo is one multiply and one shuffle), interleaved
// so the multiplies' latency overlaps. Out: levels 2 * pair (even) and
// 2 * pair + 1 (odd) of each set's words.
template <int Sets>
inline void philox_sets(const StochasticPlan& plan, const Vec (&words)[Sets],
                        const Vec (&pair_bits)[Sets], Vec (&even)[Sets], Vec (&odd)[Sets]) {
    const Vec m0 = splat64(0xD2511F53u), m1 = splat64(0xCD9E8D57u);
    Vec c0[Sets], c1[Sets], c2[Sets], c3[Sets];
    for (int k = 0; k < Sets; ++k) {
        c0[k] = words[k];
        c1[k] = (words[k] >> 32) | pair_bits[k];
        c2[k] = plan.generation_low;
        c3[k] = plan.generation_high;
    }
#pragma GCC unroll 10
    for (int r = 0; r < 10; ++r) {
#pragma GCC unroll 8
        for (int k = 0; k < Sets; ++k) {
            const Vec p0 = mul_low32(c0[k], m0), p1 = mul_low32(c2[k], m1);
            c0[k] = high_to_low(p1) ^ c1[k] ^ plan.round_key0[r];
            c1[k] = p1;
            c2[k] = high_to_low(p0) ^ c3[k] ^ plan.round_key1[r];
            c3[k] = p0;
        }
    }
    for (int k = 0; k < Sets; ++k) {
        even[k] = (c0[k] & kLow32) | (c1[k] << 32);
        odd[k] = (c2[k] & kLow32) | (c3[k] << 32);
    }
}

// Levels 2 * pair .. 2 * pair + 4 * Chains - 1 of the kLanes words
// first_word + lane: 2 * Chains sets (level pair pair + k for set k).
template <int Chains>
inline void random_levels(const StochasticPlan& plan, std::uint64_t first_word, int pair,
                          Vec (&level)[4 * Chains]) {
    constexpr int kSets = 2 * Chains;
    Vec first{}, words[kSets], pair_bits[kSets], even[kSets], odd[kSets];
    for (int l = 0; l < kLanes; ++l) first[l] = first_word + std::uint64_t(l);
    for (int k = 0; k < kSets; ++k) {
        words[k] = first;
        pair_bits[k] = splat64(std::uint64_t(pair + k) << 28);
    }
    philox_sets<kSets>(plan, words, pair_bits, even, odd);
    for (int k = 0; k < kSets; ++k) {
        level[2 * k] = even[k];
        level[2 * k + 1] = odd[k];
    }
}

// Compares levels first_level .. first_level + N - 1.
template <int N>
inline void compare_levels(const StochasticPlan& plan, const Vec* members, const Vec (&random)[N],
                           int first_level, Vec& undecided, Vec& happens) {
    for (int i = 0; i < N; ++i) {
        const int level = first_level + i;
        Vec digit{};
        for (int c = 0; c < plan.classes; ++c)
            if ((plan.threshold[c] >> (31 - level)) & 1u) digit |= members[c];
        compare_level(random[i], digit, undecided, happens);
    }
}

// Lanes of `candidates` whose random transition happens (stochastic.hpp).
inline Vec resolve_stochastic_lanes(const StochasticPlan& plan, Vec candidates, Vec self,
                                    const Count4<Vec>& count, std::uint64_t first_word) {
    Vec members[18];
    if (plan.classes == 1)
        members[0] = candidates;  // one threshold: every candidate is its member
    else
        for (int c = 0; c < plan.classes; ++c)
            members[c] = apply_rule(self, count, plan.birth[c], plan.survive[c]) & candidates;
    Vec undecided = candidates, happens{};
    // Eight levels at once first: a word of 64 cells seldom needs more (each
    // level decides half of the lanes left), and no branch waits on level 4.
    Vec random[8];
    random_levels<2>(plan, first_word, 0, random);
    compare_levels(plan, members, random, 0, undecided, happens);
    for (int pair = 4; pair < kStochasticLevels / 2 && any_bits(undecided); pair += 2) {
        Vec more[4];
        random_levels<1>(plan, first_word, pair, more);
        compare_levels(plan, members, more, 2 * pair, undecided, happens);
    }
    return happens;
}
