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

    // 3. The first periodic generation, by bisection on [g0, tortoise_gen].
    std::uint64_t lo = g0, hi = tortoise_gen;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        b.restore_state(*origin);
        b.step(mid - g0);
        const auto at_mid = b.save_state();
        b.step(period);
        if (b.same_state(*at_mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    b.restore_state(*origin);
    b.step(lo - g0);
    out.found = true;
    out.start = lo;
    return out;
}

}  // namespace toroid
