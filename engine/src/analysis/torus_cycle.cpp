// Exact torus periods (contract in toroid/analysis/torus_cycle.hpp).
#include "toroid/analysis/torus_cycle.hpp"

#include <bit>
#include <string>

#include "toroid/error.hpp"

namespace toroid {

TorusCycle find_torus_cycle(Backend& b, const TorusCycleOptions& o) {
    const std::uint64_t s = o.stride;
    if (s == 0 || !std::has_single_bit(s))
        throw InputError("the torus cycle search's stride " + std::to_string(s) +
                         " is not a power of two");
    TorusCycle out;
    const std::uint64_t g0 = b.generation();
    const std::uint64_t limit =
        ~std::uint64_t(0) - g0 < o.max_generations ? ~std::uint64_t(0) : g0 + o.max_generations;
    const auto origin = b.save_state();

    // 1. Brent on the states every s generations.
    std::uint64_t power = 1, lambda_s = 1;
    auto tortoise = b.save_state();
    std::uint64_t tortoise_gen = g0;
    auto stop = [&](bool interrupted) {
        out.interrupted = interrupted;
        out.searched_to = b.generation();
        return out;
    };
    if (limit - g0 < s) return stop(false);
    b.step(s);
    while (!b.same_state(*tortoise)) {
        if (power == lambda_s) {
            tortoise = b.save_state();
            tortoise_gen = b.generation();
            power *= 2;
            lambda_s = 0;
        }
        if (limit - b.generation() < s) return stop(false);
        if (o.progress && !o.progress(b.generation())) return stop(true);
        b.step(s);
        ++lambda_s;
    }
    out.searched_to = b.generation();

    // 2. The period: lambda_s * d for the least power of two d with a repeat.
    std::uint64_t period = lambda_s;
    b.restore_state(*tortoise);
    b.step(period);
    while (!b.same_state(*tortoise)) {
        b.step(period);  // now at tortoise + 2 * period
        period *= 2;
        if (period > lambda_s * s)
            throw std::logic_error("torus cycle: no period divides the sampled one");
    }
    out.period = period;

    // 3. The first periodic generation mu: the last non-periodic one, mu - 1,
    // by binary lifting from the start (P(t): state(t + period) == state(t);
    // false before mu, true from mu on, true at the tortoise). Each probe is
    // one power-of-two step from the last known non-periodic state, plus the
    // period: a hashlife step of 2^j generations reuses its full-speed
    // results, where a jump from the start to an arbitrary t would recompute
    // a step for every bit of t.
    auto periodic_here = [&]() {
        const auto here = b.save_state();
        b.step(period);
        const bool repeats = b.same_state(*here);
        b.restore_state(*here);
        return repeats;
    };
    b.restore_state(*origin);
    std::uint64_t mu = g0;
    if (!periodic_here()) {
        std::uint64_t lo = g0;  // P(lo) is false
        auto lo_state = b.save_state();
        const std::uint64_t span = tortoise_gen - g0;  // P(tortoise_gen) is true
        for (int j = 63 - std::countl_zero(span); j >= 0; --j) {
            const std::uint64_t c = lo + (std::uint64_t(1) << j);
            if (c >= tortoise_gen) continue;
            b.restore_state(*lo_state);
            b.step(std::uint64_t(1) << j);
            if (!periodic_here()) {
                lo = c;
                lo_state = b.save_state();
            }
        }
        b.restore_state(*lo_state);
        b.step(1);
        mu = lo + 1;
    }
    out.found = true;
    out.start = mu;
    return out;
}

}  // namespace toroid
