// toroid.methuselah, toroid.sweep, toroid.selftest: the analysers, with the
// GIL released and Ctrl-C honoured (interrupt.hpp). Results are the dicts
// the commands print with --json (toroid/_results.py documents them).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <memory>
#include <thread>

#include "bindings.hpp"
#include "interrupt.hpp"
#include "toroid/analysis/methuselah.hpp"
#include "toroid/analysis/selftest.hpp"
#include "toroid/analysis/sweep.hpp"
#include "toroid/error.hpp"

namespace toroid::python {

namespace {

using Size2 = std::pair<std::int64_t, std::int64_t>;

void check_size(const Size2& s, const char* what) {
    if (s.first < 1 || s.second < 1)
        throw InputError(std::string(what) + "=(" + std::to_string(s.first) + ", " +
                         std::to_string(s.second) + ") is not a size: expected whole numbers >= 1");
}

void check_threads(int threads) {
    if (threads < 0)
        throw InputError("threads=" + std::to_string(threads) +
                         " is negative: expected 0 (all cores) or more");
}

// `toroid methuselah --json` of one pattern, and the population curve.
nb::dict methuselah_dict(const MethuselahResult& r) {
    nb::dict d;
    d["pattern"] = r.name;
    d["rule"] = r.rule;
    d["stabilised"] = r.stabilised;
    d["generations_run"] = r.generations_run;
    d["seconds"] = r.seconds;
    nb::list torus;
    torus.append(r.torus_width);
    torus.append(r.torus_height);
    d["torus"] = torus;
    d["simulator"] = r.simulator;
    if (r.stabilised) {
        d["lifespan"] = r.lifespan;
        d["final_population"] = r.final_population;
        nb::list range;
        range.append(r.final_population_min);
        range.append(r.final_population_max);
        d["final_population_range"] = range;
        d["period"] = r.period;
        d["escaping_ships"] = r.ships;
        nb::dict kinds;
        for (const auto& k : r.ships_by_kind) kinds[k.name.c_str()] = k.count;
        d["ships_by_kind"] = kinds;
        nb::dict debris;
        debris["x"] = r.debris.x;
        debris["y"] = r.debris.y;
        debris["width"] = r.debris.width;
        debris["height"] = r.debris.height;
        d["debris"] = debris;
    } else {
        d["trend"] = r.trend;
    }
    auto* curve = new std::vector<std::uint64_t>(r.population);
    nb::capsule owner(curve,
                      [](void* p) noexcept { delete static_cast<std::vector<std::uint64_t>*>(p); });
    const std::size_t shape[1] = {curve->size()};
    d["population"] =
        nb::ndarray<nb::numpy, std::uint64_t, nb::ndim<1>>(curve->data(), 1, shape, owner);
    return d;
}

nb::dict methuselah(const PyPattern& p, const std::optional<std::string>& rule,
                    std::int64_t max_gens, const std::optional<Size2>& torus,
                    const std::string& backend, int threads, const std::string& checkpoint,
                    std::uint64_t every, const std::string& resume) {
    if (max_gens < 1)
        throw InputError("max_gens=" + std::to_string(max_gens) +
                         " is invalid: expected 1 or more generations");
    check_threads(threads);
    if (every > 0 && checkpoint.empty()) throw InputError("every= needs checkpoint=FILE");
    if (p.pattern.refused_rule && !rule)
        throw InputError(p.name + ": " + *p.pattern.refused_rule +
                         "; give rule= to analyse its cells under a rule toroid simulates");
    const Rule r = rule ? Rule::parse(*rule) : p.pattern.rule.value_or(Rule());
    MethuselahOptions m;
    m.max_gens = std::uint64_t(max_gens);
    if (torus) {
        check_size(*torus, "torus");
        m.torus_width = torus->first;
        m.torus_height = torus->second;
    }
    m.backend = backend;
    m.backend_options = {threads, 0};
    m.checkpoint_path = checkpoint;
    m.checkpoint_every = every;
    m.resume_path = resume;
    SignalWatch watch;
    m.progress = [&](const MethuselahProgress&) { return !watch.stopped(); };
    MethuselahResult result;
    {
        nb::gil_scoped_release released;
        result = analyse_methuselah(p.pattern.cells, p.name, r, m);
    }
    watch.finish();
    nb::dict d = methuselah_dict(result);
    if (result.interrupted) d["interrupted"] = true;
    return d;
}

// `toroid sweep FAMILY --json`: the family, one census per rule, the totals.
nb::dict sweep(const std::string& family_text, const std::vector<std::string>& rule_list,
               const std::optional<std::uint64_t>& sample, std::uint64_t soups,
               const Size2& soup_size, double density, const Size2& torus, std::uint64_t max_gens,
               std::uint64_t seed, const std::string& backend, int threads, std::size_t batch) {
    check_size(soup_size, "soup_size");
    check_size(torus, "torus");
    if (soup_size.first > torus.first || soup_size.second > torus.second)
        throw InputError("soup_size is larger than torus: the soup must fit the torus");
    if (!(density >= 0 && density <= 1))
        throw InputError("density=" + std::to_string(density) + " is out of range: expected 0..1");
    if (max_gens == 0) throw InputError("max_gens=0: expected at least 1 generation");
    if (soups == 0) throw InputError("soups=0: expected at least 1 soup per rule");
    check_threads(threads);
    RuleFamily family;
    if (!rule_list.empty()) {
        std::vector<Rule> rules;
        for (const auto& text : rule_list) rules.push_back(Rule::parse(text));
        family = RuleFamily::from_rules(std::move(rules),
                                        "list of " + std::to_string(rule_list.size()) + " rules");
    } else {
        family = RuleFamily::parse(family_text);
    }
    if (sample) family = family.random_sample(*sample, seed);

    SweepOptions so;
    so.soup.soup_width = soup_size.first;
    so.soup.soup_height = soup_size.second;
    so.soup.density = density;
    so.soup.torus_width = torus.first;
    so.soup.torus_height = torus.second;
    so.soup.max_gens = max_gens;
    so.soup.seed = seed;
    so.soups = soups;
    so.backend = backend;
    so.threads = threads;
    so.batch = batch;
    SignalWatch watch;
    so.stop_requested = [&] { return watch.stopped(); };
    std::vector<std::uint64_t> indices(family.size());
    for (std::uint64_t i = 0; i < family.size(); ++i) indices[i] = i;
    std::vector<RuleCensus> results;
    SweepStats stats;
    {
        nb::gil_scoped_release released;
        stats = run_sweep(family, indices, so, [&](const RuleCensus& c) { results.push_back(c); });
    }
    watch.finish();
    nb::list rows;
    for (const auto& c : results) rows.append(json_to_python(to_json(c)));
    nb::dict d;
    d["family"] = family.description();
    d["rules"] = rows;
    d["soups_run"] = stats.soups;
    d["seconds"] = stats.seconds;
    d["soups_per_second"] = stats.soups_per_second();
    d["backend"] = stats.backend;
    return d;
}

// `toroid selftest --json`, run in blocks of rules so that Ctrl-C is asked
// between them (run_selftest has no stop hook; a block takes well under a
// second).
nb::dict selftest(const std::string& rules, const std::optional<std::uint64_t>& sample,
                  std::uint64_t seed, int gens, int threads,
                  const std::vector<std::string>& backends) {
    if (gens < 1 || gens > 1000)
        throw InputError("gens=" + std::to_string(gens) + " is out of range: expected 1..1000");
    check_threads(threads);
    RuleFamily family = RuleFamily::parse(rules);
    if (sample) family = family.random_sample(*sample, seed);
    SelftestOptions so;
    so.seed = seed;
    so.generations = gens;
    so.threads = threads;
    for (const auto& b : backends) {
        if (b.rfind("batch:", 0) == 0)
            so.batch_backends.push_back(b.substr(6));
        else
            so.backends.push_back(b);
    }
    if (!backends.empty() && so.backends.empty()) so.backends.push_back("cpu");
    if (!backends.empty() && so.batch_backends.empty()) so.batch_backends.push_back("cpu");
    const std::uint64_t block = std::max<std::uint64_t>(
        256, 64 * std::uint64_t(threads > 0 ? threads : std::thread::hardware_concurrency()));
    SelftestReport total;
    SignalWatch watch;
    {
        nb::gil_scoped_release released;
        for (std::uint64_t first = 0; first < family.size() && !watch.stopped(); first += block) {
            std::vector<std::uint64_t> indices;
            for (std::uint64_t i = first; i < std::min(family.size(), first + block); ++i)
                indices.push_back(i);
            const SelftestReport r = run_selftest(family, indices, so);
            total.rules += r.rules;
            total.checks += r.checks;
            total.failure_count += r.failure_count;
            for (const auto& f : r.failures)
                if (total.failures.size() < 20) total.failures.push_back(f);
            total.backends = r.backends;
            total.seconds += r.seconds;
        }
    }
    watch.finish();
    nb::list fails;
    for (const auto& f : total.failures) {
        nb::dict e;
        e["rule"] = f.rule;
        e["backend"] = f.backend;
        e["width"] = f.width;
        e["height"] = f.height;
        e["generation"] = f.generation;
        fails.append(e);
    }
    nb::dict d;
    d["family"] = family.description();
    d["rules"] = total.rules;
    d["checks"] = total.checks;
    d["backends"] = nb::cast(total.backends);
    d["failures"] = total.failure_count;
    d["first_failures"] = fails;
    d["seconds"] = total.seconds;
    return d;
}

}  // namespace

nb::object json_to_python(const nlohmann::json& j) {
    switch (j.type()) {
        case nlohmann::json::value_t::null:
            return nb::none();
        case nlohmann::json::value_t::boolean:
            return nb::bool_(j.get<bool>());
        case nlohmann::json::value_t::number_integer:
            return nb::int_(j.get<std::int64_t>());
        case nlohmann::json::value_t::number_unsigned:
            return nb::cast(j.get<std::uint64_t>());
        case nlohmann::json::value_t::number_float:
            return nb::float_(j.get<double>());
        case nlohmann::json::value_t::string:
            return nb::str(j.get_ref<const std::string&>().c_str());
        case nlohmann::json::value_t::array: {
            nb::list l;
            for (const auto& e : j) l.append(json_to_python(e));
            return l;
        }
        case nlohmann::json::value_t::object: {
            nb::dict d;
            for (const auto& [k, v] : j.items()) d[k.c_str()] = json_to_python(v);
            return d;
        }
        default:
            throw std::runtime_error("JSON value of an unexpected type");
    }
}

void bind_analysis(nb::module_& m) {
    m.def("_methuselah", &methuselah, nb::arg("pattern"), nb::arg("rule").none(),
          nb::arg("max_gens"), nb::arg("torus").none(), nb::arg("backend"), nb::arg("threads"),
          nb::arg("checkpoint"), nb::arg("every"), nb::arg("resume"));
    m.def("_sweep", &sweep, nb::arg("family"), nb::arg("rule_list"), nb::arg("sample").none(),
          nb::arg("soups"), nb::arg("soup_size"), nb::arg("density"), nb::arg("torus"),
          nb::arg("max_gens"), nb::arg("seed"), nb::arg("backend"), nb::arg("threads"),
          nb::arg("batch"));
    m.def("_selftest", &selftest, nb::arg("rules"), nb::arg("sample").none(), nb::arg("seed"),
          nb::arg("gens"), nb::arg("threads"), nb::arg("backends"));
}

}  // namespace toroid::python
