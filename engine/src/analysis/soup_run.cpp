#include "toroid/analysis/soup_run.hpp"

#include <algorithm>
#include <functional>
#include <optional>

#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/object_separation.hpp"
#include "toroid/analysis/plane.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/hashsoup.hpp"
#include "toroid/core/philox.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/fnv1a.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {

const char* soup_class_name(SoupClass c) {
    switch (c) {
        case SoupClass::Dies:
            return "dies";
        case SoupClass::Stable:
            return "stable";
        case SoupClass::Ships:
            return "ships";
        case SoupClass::Explosive:
            return "explosive";
        case SoupClass::Chaotic:
            return "chaotic";
    }
    return "?";
}

std::uint64_t rule_hash(const Rule& rule) {
    return fnv1a64(rule.to_string());
}

std::uint64_t soup_seed(std::uint64_t seed, const Rule& rule, std::uint64_t index) {
    const std::uint64_t h = rule_hash(rule);
    const Philox4x32 out =
        philox4x32_10(Philox4x32{{std::uint32_t(index), std::uint32_t(index >> 32),
                                  std::uint32_t(h), std::uint32_t(h >> 32)}},
                      std::uint32_t(seed), std::uint32_t(seed >> 32));
    return std::uint64_t(out.v[0]) | (std::uint64_t(out.v[1]) << 32);
}

Grid make_soup_cells(const SoupConfig& c, std::uint64_t seed) {
    Grid soup(c.soup_width, c.soup_height);
    fill_soup(soup, c.density, seed);
    return soup;
}

Grid make_soup_torus(const SoupConfig& c, std::uint64_t seed) {
    Pattern p;
    p.cells = make_soup_cells(c, seed);
    return place_pattern(p, c.torus_width, c.torus_height);
}

std::string soup_rle(const SoupConfig& c, const Rule& rule, std::uint64_t seed) {
    WriteOptions wo;
    wo.crop = false;
    if (!c.root.empty())
        return format_rle(hashsoup(soup_seed_text(c.root, seed), c.symmetry).cells, rule, wo);
    return format_rle(make_soup_cells(c, seed), rule, wo);
}

AshCensus analyse_ash(const Grid& state, const Rule& rule, std::uint64_t window,
                      std::uint64_t max_period) {
    AshCensus census;
    // The separator reads the rule's births once; soups of one rule reuse it.
    // Generations ash is separated on its live plane's births (its cells
    // keep their states) and stepped on the multi-state backend.
    thread_local std::string separator_rule;
    thread_local std::optional<ObjectSeparator> separator;
    const bool generations = rule.multi_state();
    const CompiledRule compiled = rule.two_state().compile();
    if (!separator || separator_rule != rule.to_string()) {
        separator.emplace(compiled);
        separator_rule = rule.to_string();
    }
    std::vector<Grid> phases{state};
    if (generations) {
        BackendOptions options;
        options.threads = 1;  // the sweep's workers run soups side by side
        const auto backend = create_backend("cpu", rule, options);
        backend->load(state);
        for (std::uint64_t k = 1; k < window; ++k) {
            backend->step(1);
            phases.push_back(backend->grid());
        }
    } else {
        for (std::uint64_t k = 1; k < window; ++k)
            phases.push_back(step_torus(phases.back(), compiled, 0, k));
    }
    IdentifyOptions io;
    io.max_generations = max_period;
    io.detect_growth = false;
    for (const AshObject& o : separator->separate(phases)) {
        if (o.wraps) {
            census.codes.push_back("zz_WRAPS");
            census.all_periodic = false;
            continue;
        }
        const Identification id = identify(o.cells, rule, io);
        if (id.kind == "still" || id.kind == "oscillator" || id.kind == "spaceship") {
            census.codes.push_back(id.code);
            census.any_ship = census.any_ship || id.kind == "spaceship";
            census.max_period = std::max(census.max_period, id.period);
        } else {
            census.codes.push_back("zz_UNKNOWN");
            census.all_periodic = false;
        }
    }
    std::sort(census.codes.begin(), census.codes.end());
    return census;
}

SoupTracker::SoupTracker(const SoupConfig& config, const Rule& rule, std::uint64_t index)
    : config_(config),
      rule_(rule),
      multistate_(rule.needs_multistate_backend()),
      split_ash_(rule.generations_family()),
      compiled_(multistate_ ? CompiledRule{} : rule.compile()) {
    outcome_.index = index;
    outcome_.soup_seed = soup_seed(config.seed, rule, index);
    cells_ = std::uint64_t(config.torus_width) * std::uint64_t(config.torus_height);
    next_ship_check_ = 128;
    pops_.reserve(std::size_t(std::min<std::uint64_t>(config.max_gens, 4096)) + 1);
}

bool SoupTracker::seen_before(std::uint64_t hash, std::uint32_t generation,
                              std::uint32_t& earlier) {
    if (2 * (seen_count_ + 1) > seen_hash_.size()) {  // grow (and rehash) at half full
        std::vector<std::uint64_t> old_hash = std::move(seen_hash_);
        std::vector<std::uint32_t> old_at = std::move(seen_at_);
        const std::size_t size = std::max<std::size_t>(1024, old_hash.size() * 2);
        seen_hash_.assign(size, 0);
        seen_at_.assign(size, 0);
        seen_count_ = 0;
        for (std::size_t i = 0; i < old_hash.size(); ++i)
            if (old_at[i]) {
                std::uint32_t unused;
                seen_before(old_hash[i], old_at[i] - 1, unused);
            }
    }
    const std::size_t mask = seen_hash_.size() - 1;
    for (std::size_t i = std::size_t(hash) & mask;; i = (i + 1) & mask) {
        if (seen_at_[i] == 0) {
            seen_hash_[i] = hash;
            seen_at_[i] = generation + 1;
            ++seen_count_;
            return false;
        }
        if (seen_hash_[i] == hash) {
            earlier = seen_at_[i] - 1;
            return true;
        }
    }
}

void SoupTracker::load(TorusBatch& batch, std::size_t slot) {
    const Grid g = make_soup_torus(config_, outcome_.soup_seed);
    pops_.assign(1, std::uint32_t(g.population()));
    if (!rule_.stochastic()) {
        std::uint32_t unused;
        seen_before(g.hash(), 0, unused);
    }
    std::copy(g.words().begin(), g.words().end(), batch.torus(slot).begin());
    batch.rules[slot] = compiled_;
    batch.seeds[slot] = outcome_.soup_seed;
    batch.generations[slot] = 0;
}

void SoupTracker::load(Backend& backend) {
    const Grid g = make_soup_torus(config_, outcome_.soup_seed);
    backend.load(g);
    pops_.assign(1, std::uint32_t(backend.population()));
    std::uint32_t unused;
    seen_before(backend.hash(), 0, unused);
}

void SoupTracker::finish(SoupClass cls) {
    outcome_.cls = cls;
    outcome_.generations = generation_;
    outcome_.final_population = pops_.empty() ? 0 : pops_.back();
    outcome_.final_density = double(outcome_.final_population) / double(cells_);
}

bool SoupTracker::check_ships(const Grid& state) {
    const std::size_t n = pops_.size();
    for (std::size_t q = 1; q <= 60; ++q) {
        const std::size_t window = std::max<std::size_t>(4 * q, 60);
        if (n <= window + q) break;
        bool periodic = true;
        for (std::size_t k = 0; k < window && periodic; ++k)
            periodic = pops_[n - 1 - k] == pops_[n - 1 - k - q];
        if (!periodic) continue;
        const AshCensus ash = analyse_ash(state, rule_, q);
        if (!ash.all_periodic || !ash.any_ship) return false;
        std::size_t start = n - 1 - window;
        while (start > 0 && pops_[start - 1] == pops_[start - 1 + q]) --start;
        outcome_.settled_at = start;
        outcome_.period = q;
        outcome_.objects = ash.codes;
        finish(SoupClass::Ships);
        return true;
    }
    return false;
}

bool SoupTracker::ingest(const TorusBatch& batch, const BatchHistory& history, std::size_t slot) {
    return ingest(history.population.data() + slot, history.hash.data() + slot, history.count,
                  history.gens, [&] {
                      Grid g(config_.torus_width, config_.torus_height);
                      auto t = batch.torus(slot);
                      std::copy(t.begin(), t.end(), g.words().begin());
                      return g;
                  });
}

bool SoupTracker::ingest(const Backend& backend) {
    const std::uint32_t pop = std::uint32_t(backend.population());
    const std::uint64_t hash = backend.hash();
    return ingest(&pop, &hash, 1, 1, [&] { return backend.grid(); });
}

bool SoupTracker::ingest(const std::uint32_t* population, const std::uint64_t* hashes,
                         std::size_t stride, std::uint64_t gens,
                         const std::function<Grid()>& state) {
    const std::uint64_t pop0 = pops_.front();
    const bool stochastic = rule_.stochastic();
    for (std::uint64_t g = 0; g < gens; ++g) {
        const std::uint64_t t = generation_ + 1;
        if (t > config_.max_gens) break;
        generation_ = t;
        const std::size_t at = std::size_t(g) * stride;
        const std::uint32_t pop = population[at];
        pops_.push_back(pop);
        if (!stochastic) {
            std::uint32_t earlier = 0;
            if (seen_before(hashes[at], std::uint32_t(t), earlier)) {
                outcome_.settled_at = earlier;
                outcome_.period = t - earlier;
                if (pop == 0) {
                    outcome_.period = 1;
                    finish(SoupClass::Dies);
                    return true;
                }
                if (!split_ash_) {  // no object split for them: the ash is not censused
                    finish(SoupClass::Stable);
                    return true;
                }
                const Grid s = state();
                const AshCensus ash =
                    analyse_ash(s, rule_, std::min<std::uint64_t>(outcome_.period, 64));
                outcome_.objects = ash.codes;
                finish(ash.any_ship ? SoupClass::Ships : SoupClass::Stable);
                return true;
            }
        } else if (pop == 0 && !rule_.births_on_zero()) {
            outcome_.settled_at = t;
            finish(SoupClass::Dies);
            return true;
        }
        if (2 * std::uint64_t(pop) >= cells_ && pop >= 4 * pop0) {
            finish(SoupClass::Explosive);
            outcome_.growth_slope = double(pop) - double(pop0);
            outcome_.growth_slope /= double(t);
            return true;
        }
    }
    if (generation_ >= config_.max_gens) {
        const std::uint64_t end = pops_.back();
        if (end >= 2 * pop0 && 8 * end >= cells_) {
            // Least-squares slope of population against generation.
            const double n = double(pops_.size());
            double st = 0, sp = 0, stt = 0, stp = 0;
            for (std::size_t t = 0; t < pops_.size(); ++t) {
                st += double(t);
                sp += pops_[t];
                stt += double(t) * double(t);
                stp += double(t) * pops_[t];
            }
            const double denom = n * stt - st * st;
            outcome_.growth_slope = denom != 0 ? (n * stp - st * sp) / denom : 0.0;
            finish(SoupClass::Explosive);
        } else {
            finish(SoupClass::Chaotic);
        }
        return true;
    }
    // The batch may have run past this soup's watched generations only
    // when the limit was reached, handled above: the torus is at generation_.
    if (!stochastic && split_ash_ && generation_ >= next_ship_check_) {
        next_ship_check_ = generation_ + 256;
        if (check_ships(state())) return true;
    }
    return false;
}

SoupOutcome run_soup_on_backend(const SoupConfig& config, const Rule& rule, std::uint64_t index) {
    SoupTracker tracker(config, rule, index);
    BackendOptions options;
    options.threads = 1;  // the sweep's workers run soups side by side
    options.seed = tracker.outcome().soup_seed;
    const auto backend = create_backend("cpu", rule, options);
    tracker.load(*backend);
    do backend->step(1);
    while (!tracker.ingest(*backend));
    return tracker.outcome();
}

}  // namespace toroid
