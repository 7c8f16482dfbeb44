// Torus lifespans (contract in toroid/analysis/torus_lifespan.hpp).
#include "toroid/analysis/torus_lifespan.hpp"

#include <algorithm>
#include <bit>
#include <chrono>

#include "toroid/analysis/torus_cycle.hpp"
#include "toroid/error.hpp"

namespace toroid {

namespace {

std::uint64_t automatic_stride(const Backend& b) {
    if (b.name() != "hashlife") return 1;
    const std::int64_t side = std::max(b.width(), b.height());
    return std::uint64_t(side) / 2;  // sides are powers of two on hashlife
}

struct PopulationRange {
    std::uint64_t at_start = 0, min = 0, max = 0;
    bool walked = false;
};

// The population at the first periodic state, and its range over one period
// when the period is short enough to walk (the backend is left where it was).
PopulationRange population_range(Backend& b, std::uint64_t period, std::uint64_t walk_limit) {
    PopulationRange r;
    r.at_start = r.min = r.max = b.population();
    if (period > walk_limit) return r;
    r.walked = true;
    const auto here = b.save_state();
    for (std::uint64_t t = 1; t < period; ++t) {
        b.step(1);
        const std::uint64_t p = b.population();
        r.min = std::min(r.min, p);
        r.max = std::max(r.max, p);
    }
    b.restore_state(*here);
    return r;
}

}  // namespace

std::unique_ptr<Backend> start_torus_run(const Grid& cells, const std::string& name,
                                         const Rule& rule, const TorusRun& run) {
    std::int64_t w = run.width, h = run.height;
    if (w <= 0 || h <= 0) {
        w = cells.width();
        h = cells.height();
        if (w < 64 && h < 64)
            throw InputError("no torus size for '" + name +
                             "': the lifespan of a whole torus depends on its size; give "
                             "--torus WxH (e.g. 1024x1024 on hashlife)");
    }
    if (cells.width() > w || cells.height() > h)
        throw InputError("'" + name + "' (" + std::to_string(cells.width()) + "x" +
                         std::to_string(cells.height()) + ") is larger than the " +
                         std::to_string(w) + "x" + std::to_string(h) + " torus");
    auto b = create_backend(run.backend == "auto" ? "cpu" : run.backend,
                            rule.with_torus(std::nullopt), run.backend_options);
    b->check_fits(w, h, 0);
    b->reset(w, h);
    b->write_region(cells, (w - cells.width()) / 2, (h - cells.height()) / 2);
    return b;
}

MethuselahResult analyse_torus_lifespan(const Grid& cells, const std::string& name,
                                        const Rule& rule, const MethuselahOptions& opt) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!opt.checkpoint_path.empty() || !opt.resume_path.empty())
        throw InputError(
            "--checkpoint and --resume are not available for the lifespan of a whole torus "
            "(--whole-torus, or --backend hashlife): rerun it instead");
    if (rule.stochastic())
        throw InputError("the lifespan of a whole torus needs a deterministic rule; " +
                         rule.to_string() + " is stochastic");
    TorusRun run;
    run.backend = opt.backend;
    run.backend_options = opt.backend_options;
    run.width = opt.torus_width;
    run.height = opt.torus_height;
    auto b = start_torus_run(cells, name, rule, run);

    TorusCycleOptions co;
    co.max_generations = opt.max_gens;
    co.stride = automatic_stride(*b);
    if (opt.progress)
        co.progress = [&](std::uint64_t g) {
            return opt.progress(MethuselahProgress{g, b->population()});
        };
    const TorusCycle c = find_torus_cycle(*b, co);

    MethuselahResult r;
    r.name = name;
    r.rule = rule.with_torus(std::nullopt).to_string();
    r.whole_torus = true;
    r.interrupted = c.interrupted;
    r.torus_width = b->width();
    r.torus_height = b->height();
    r.simulator = b->describe();
    r.generations_run = c.searched_to;
    if (c.found) {
        r.stabilised = true;
        r.lifespan = c.start;
        r.period = c.period;
        const PopulationRange p = population_range(*b, c.period, opt.exact_period_limit);
        r.final_population = p.at_start;
        r.final_population_min = p.min;
        r.final_population_max = p.max;
        r.final_range_known = p.walked;
    } else if (!c.interrupted) {
        r.trend = "the whole torus did not repeat by generation " + std::to_string(c.searched_to);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

Identification identify_on_torus(const Grid& cells, const Rule& rule, const TorusRun& run) {
    Identification id;
    id.bounded = true;
    const Rect box = cells.bounding_box();
    id.width = box.width;
    id.height = box.height;
    if (rule.stochastic())
        throw InputError("identifying a whole torus needs a deterministic rule; " +
                         rule.to_string() + " is stochastic");
    auto b = start_torus_run(cells, "the pattern", rule, run);
    TorusCycleOptions co;
    co.max_generations = run.max_generations;
    co.stride = run.stride ? run.stride : automatic_stride(*b);
    const TorusCycle c = find_torus_cycle(*b, co);
    id.generations = c.searched_to;
    if (!c.found) {
        id.kind = "unknown";
        id.population_min = id.population_max = b->population();
        return id;
    }
    id.period = c.period;
    id.settles_at = c.start;
    const PopulationRange p = population_range(*b, c.period, 4096);
    id.population_min = p.min;
    id.population_max = p.max;
    id.kind = p.max == 0 ? "dies" : c.period == 1 ? "still" : "oscillator";
    if (id.kind == "dies") id.period = 0;
    return id;
}

}  // namespace toroid
