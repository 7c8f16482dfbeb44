#include "toroid/analysis/census.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "json_fields.hpp"
#include "toroid/error.hpp"
#include "toroid/io/json_text.hpp"

namespace toroid {
namespace {

std::uint64_t median(std::vector<std::uint64_t> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[(v.size() - 1) / 2];
}

std::string replay_command(const Rule& rule, const SoupConfig& c, std::uint64_t seed) {
    if (!c.root.empty())  // apgsearch's soup root + seed, by the census that ran it
        return "toroid census '" + rule.to_string() + "' --root " + c.root + " --symmetry " +
               c.symmetry + " --first " + std::to_string(seed) + " --soups 1 --max-gens " +
               std::to_string(c.max_gens);
    const std::string size = std::to_string(c.torus_width) + "x" + std::to_string(c.torus_height);
    const std::string base = "toroid run --rule '" + rule.to_string() + "' --size " + size +
                             " --seed " + std::to_string(seed) + " --gens " +
                             std::to_string(c.max_gens);
    if (c.soup_width == c.torus_width && c.soup_height == c.torus_height) {
        char d[32];
        std::snprintf(d, sizeof d, "%g", c.density);
        return base + " --soup " + d;
    }
    return base + " --pattern SOUP.rle  (the soup's RLE, placed at the centre)";
}

}  // namespace

std::vector<std::pair<std::string, std::uint64_t>> RuleCensus::objects_by_count() const {
    std::vector<std::pair<std::string, std::uint64_t>> v(objects.begin(), objects.end());
    std::stable_sort(v.begin(), v.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return v;
}

RuleCensus summarise(const Rule& rule, std::uint64_t rule_index, const SoupConfig& config,
                     const std::vector<SoupOutcome>& outcomes) {
    RuleCensus c;
    c.rule = rule.to_string();
    c.rule_index = rule_index;
    c.soups = outcomes.size();
    c.stochastic = rule.stochastic();
    std::vector<std::uint64_t> settled, extinct;
    double density = 0, slope = 0;
    for (const SoupOutcome& o : outcomes) {
        ++c.classes[std::size_t(o.cls)];
        density += o.final_density;
        if (o.cls == SoupClass::Dies || o.cls == SoupClass::Stable || o.cls == SoupClass::Ships)
            settled.push_back(o.settled_at);
        if (c.stochastic && o.cls == SoupClass::Dies) extinct.push_back(o.settled_at);
        if ((o.cls == SoupClass::Stable || o.cls == SoupClass::Ships) && o.period > 0)
            ++c.periods[o.period];
        if (o.cls == SoupClass::Explosive) slope += o.growth_slope;
        for (const std::string& code : o.objects) ++c.objects[code];
    }
    c.stabilisation_median = median(settled);
    c.stabilisation_max = settled.empty() ? 0 : *std::max_element(settled.begin(), settled.end());
    c.extinction_median = median(extinct);
    c.mean_final_density = outcomes.empty() ? 0 : density / double(outcomes.size());
    const std::uint64_t explosive = c.classes[std::size_t(SoupClass::Explosive)];
    c.mean_growth_slope = explosive ? slope / double(explosive) : 0.0;

    auto add = [&](const SoupOutcome& o, std::string why) {
        for (const auto& s : c.interesting)
            if (s.index == o.index && s.why == why) return;
        SoupOfInterest s;
        s.why = std::move(why);
        s.index = o.index;
        s.soup_seed = o.soup_seed;
        s.cls = soup_class_name(o.cls);
        s.settled_at = o.settled_at;
        s.rle = soup_rle(config, rule, o.soup_seed);
        s.replay = replay_command(rule, config, o.soup_seed);
        c.interesting.push_back(std::move(s));
    };
    const SoupOutcome* longest = nullptr;
    for (const SoupOutcome& o : outcomes)
        if ((o.cls == SoupClass::Stable || o.cls == SoupClass::Ships) &&
            (!longest || o.settled_at > longest->settled_at))
            longest = &o;
    if (longest) add(*longest, "longest-lived");
    int rare_found = 0, ships = 0;
    for (const SoupOutcome& o : outcomes) {
        for (const std::string& code : o.objects)
            if (c.objects[code] <= 2 && rare_found < 8 && code.rfind("zz_", 0) != 0) {
                add(o, "rare object " + code);
                ++rare_found;
            }
        if (o.cls == SoupClass::Ships && ships < 3) {
            add(o, "ships");
            ++ships;
        }
    }
    for (const SoupOutcome& o : outcomes)
        if (o.cls == SoupClass::Explosive) {
            add(o, "explosive");
            break;
        }
    return c;
}

nlohmann::json to_json(const RuleCensus& c) {
    nlohmann::json classes;
    for (int k = 0; k < kSoupClasses; ++k)
        classes[soup_class_name(SoupClass(k))] = c.classes[std::size_t(k)];
    nlohmann::json periods = nlohmann::json::object();
    for (auto [p, n] : c.periods) periods[std::to_string(p)] = n;
    nlohmann::json objects = nlohmann::json::object();
    for (const auto& [code, n] : c.objects) objects[code] = n;
    nlohmann::json interesting = nlohmann::json::array();
    for (const auto& s : c.interesting)
        interesting.push_back({{"why", s.why},
                               {"soup", s.index},
                               {"seed", s.soup_seed},
                               {"class", s.cls},
                               {"settled_at", s.settled_at},
                               {"rle", s.rle},
                               {"replay", s.replay}});
    nlohmann::json j{
        {"rule", c.rule},
        {"rule_index", c.rule_index},
        {"soups", c.soups},
        {"classes", classes},
        {"stabilisation_gens", {{"median", c.stabilisation_median}, {"max", c.stabilisation_max}}},
        {"periods", periods},
        {"objects", objects},
        {"soups_of_interest", interesting}};
    if (c.stochastic) {
        j["stochastic"] = {{"extinction_median", c.extinction_median},
                           {"mean_final_density", c.mean_final_density}};
    }
    if (c.classes[std::size_t(SoupClass::Explosive)]) j["mean_growth_slope"] = c.mean_growth_slope;
    return j;
}

RuleCensus census_from_json(const nlohmann::json& j) {
    using detail::JsonFields;
    const JsonFields f(j, "");
    RuleCensus c;
    c.rule = f.text("rule");
    c.rule_index = f.count("rule_index");
    c.soups = f.count("soups");
    if (c.soups == 0) throw InputError("field 'soups' is 0: expected 1 or more soups");
    const JsonFields classes = f.object("classes");
    std::uint64_t classified = 0;
    for (int k = 0; k < kSoupClasses; ++k) {
        const std::uint64_t n = classes.count(soup_class_name(SoupClass(k)));
        c.classes[std::size_t(k)] = n;
        if (n > c.soups)
            throw InputError("field '" + classes.name(soup_class_name(SoupClass(k))) + "' is " +
                             std::to_string(n) + ": more than the " + std::to_string(c.soups) +
                             " soups of the rule");
        classified += n;
    }
    if (classified != c.soups)
        throw InputError("fields 'classes.*' add up to " + std::to_string(classified) +
                         " soups: expected the " + std::to_string(c.soups) + " of field 'soups'");
    const JsonFields stab = f.object("stabilisation_gens");
    c.stabilisation_median = stab.count("median");
    c.stabilisation_max = stab.count("max");
    const JsonFields periods = f.object("periods");
    for (const auto& [p, n] : periods.json().items()) {
        const std::string field = "periods." + p;
        if (p.empty() || p.size() > 19 || p.find_first_not_of("0123456789") != std::string::npos ||
            p == "0")
            throw InputError("field '" + utf8_escaped(field) +
                             "': the key is not a period (expected a whole number 1 or more)");
        c.periods[std::stoull(p)] = JsonFields::count_of(n, field);
    }
    const JsonFields objects = f.object("objects");
    for (const auto& [code, n] : objects.json().items())
        c.objects[code] = JsonFields::count_of(n, "objects." + utf8_escaped(code));
    const nlohmann::json& list = f.at("soups_of_interest");
    if (!list.is_array()) JsonFields::fail("soups_of_interest", "an array", list);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const JsonFields s(list[i], "soups_of_interest[" + std::to_string(i) + "]");
        c.interesting.push_back(SoupOfInterest{s.text("why"), s.count("soup"), s.count("seed"),
                                               s.text("class"), s.count("settled_at"),
                                               s.text("rle"), s.text("replay")});
    }
    if (f.has("stochastic")) {
        const JsonFields st = f.object("stochastic");
        c.stochastic = true;
        c.extinction_median = st.count("extinction_median");
        c.mean_final_density = st.number("mean_final_density", 0, 1);
    }
    if (f.has("mean_growth_slope"))
        c.mean_growth_slope = f.number("mean_growth_slope", -1e300, 1e300);
    return c;
}

std::string census_csv_header() {
    return "rule,soups,dies,stable,ships,explosive,chaotic,stabilisation_median,"
           "stabilisation_max,periods,top_objects";
}

std::string census_csv_row(const RuleCensus& c) {
    std::ostringstream row;
    row << '"' << c.rule << '"' << ',' << c.soups;
    for (auto n : c.classes) row << ',' << n;
    row << ',' << c.stabilisation_median << ',' << c.stabilisation_max << ",\"";
    bool first = true;
    for (auto [p, n] : c.periods) {
        row << (first ? "" : " ") << p << ':' << n;
        first = false;
    }
    row << "\",\"";
    const auto top = c.objects_by_count();
    for (std::size_t i = 0; i < top.size() && i < 5; ++i)
        row << (i ? " " : "") << top[i].first << ':' << top[i].second;
    row << '"';
    return row.str();
}

}  // namespace toroid
