// Stochastic transitions for a vector of kLanes consecutive canonical words,
// the contract of toroid/core/stochastic.hpp evaluated with a vectorised
// Philox4x32-10. Included by tile_kernel.inl inside its anonymous namespace,
// after Vec and kLanes are defined (so it is compiled once per instruction set).
//
// Packed Philox. Each 64-bit lane of a Vec holds two 32-bit Philox instances:
// the low half computes level pair p of the lane's word, the high half level
// pair p + 1, so one batch of 2 * kLanes instances yields four levels of
// kLanes words. The 32x32 -> 64-bit multiplies are vpmuludq (AVX-512, AVX2,
// SSE2) on the low halves, and on the high halves shifted down.
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

inline bool any_bits(Vec v) {
    std::uint64_t any = 0;
    for (int l = 0; l < kLanes; ++l) any |= v[l];
    return any != 0;
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

inline void mulhilo_packed(Vec x, Vec m, Vec& hi, Vec& lo) {
    const Vec low = mul_low32(x, m), high = mul_low32(x >> 32, m);
    hi = (low >> 32) | (high & kHigh32);
    lo = (low & kLow32) | (high << 32);
}

// Levels 2 * pair + 4 * i .. 2 * pair + 4 * i + 3 of the kLanes words
// first_word + lane, for i < Chains: independent Philox chains interleaved,
// so the multiplies' latency overlaps.
template <int Chains>
inline void random_levels(const StochasticPlan& plan, std::uint64_t first_word, int pair,
                          Vec (&level)[4 * Chains]) {
    Vec words{};
    for (int l = 0; l < kLanes; ++l) words[l] = first_word + std::uint64_t(l);
    const Vec word_high = words >> 32;
    const Vec m0 = splat64(0xD2511F53u), m1 = splat64(0xCD9E8D57u);
    Vec c0[Chains], c1[Chains], c2[Chains], c3[Chains];
    for (int i = 0; i < Chains; ++i) {
        const std::uint64_t p = std::uint64_t(pair + 2 * i);
        c0[i] = (words & kLow32) | (words << 32);
        c1[i] = word_high | (word_high << 32) | splat64((p << 28) | ((p + 1) << 60));
        c2[i] = plan.generation_low;
        c3[i] = plan.generation_high;
    }
    for (int r = 0; r < 10; ++r) {
        for (int i = 0; i < Chains; ++i) {
            Vec hi0, lo0, hi1, lo1;
            mulhilo_packed(c0[i], m0, hi0, lo0);
            mulhilo_packed(c2[i], m1, hi1, lo1);
            c0[i] = hi1 ^ c1[i] ^ plan.round_key0[r];
            c1[i] = lo1;
            c2[i] = hi0 ^ c3[i] ^ plan.round_key1[r];
            c3[i] = lo0;
        }
    }
    for (int i = 0; i < Chains; ++i) {
        level[4 * i + 0] = (c0[i] & kLow32) | (c1[i] << 32);
        level[4 * i + 1] = (c2[i] & kLow32) | (c3[i] << 32);
        level[4 * i + 2] = (c0[i] >> 32) | (c1[i] & kHigh32);
        level[4 * i + 3] = (c2[i] >> 32) | (c3[i] & kHigh32);
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
