// The lifespan of a pattern on a given torus: the generation from which the
// whole torus is periodic (torus_cycle.hpp), for `toroid methuselah` and
// `toroid identify` on the hashlife backend or with --whole-torus.
//
// On the plane a methuselah's lifespan stops counting its escaping gliders
// (methuselah.hpp); on a torus they wrap around and crash into the debris
// or each other, so the torus lifespan is a different, finite number that
// depends on the torus: R-pentomino's on 2^10..2^20 tori are in
// docs/methuselah.md.
//
// The pattern is placed centred (its extent's top-left at ((W - w) / 2,
// (H - h) / 2)), as `toroid run` places patterns; a soup of the torus's own
// size fills it. The search's stride is half the torus's longer side on
// hashlife (one full-speed HashLife step of the torus) and 1 elsewhere.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/methuselah.hpp"
#include "toroid/core/backend.hpp"

namespace toroid {

struct TorusRun {
    std::string backend = "hashlife";  // "auto" means cpu here
    BackendOptions backend_options;
    std::int64_t width = 0, height = 0;  // 0: the pattern's own size
    std::uint64_t max_generations = 1000000;
    std::uint64_t stride = 0;  // 0: automatic (see above)
};

// The backend holding the pattern, placed, at generation 0. InputError for a
// pattern larger than the torus, no size, or a size the backend refuses.
std::unique_ptr<Backend> start_torus_run(const Grid& cells, const std::string& name,
                                         const Rule& rule, const TorusRun& run);

// MethuselahResult with whole_torus set: lifespan, period, final population
// (and its range over the period when the period is at most
// exact_period_limit), generations searched. No ships, debris or curve.
MethuselahResult analyse_torus_lifespan(const Grid& cells, const std::string& name,
                                        const Rule& rule, const MethuselahOptions& options);

// Identification of the whole torus: "dies", "still" or "oscillator" with
// the torus's period and settles_at = its lifespan; bounded is set.
Identification identify_on_torus(const Grid& cells, const Rule& rule, const TorusRun& run);

}  // namespace toroid
