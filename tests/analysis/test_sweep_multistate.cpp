// Sweeps over families of rules no batch engine runs (Generations: more than
// two states; Larger than Life: range beyond 1): every soup's class, period
// and stabilisation against an oracle that steps the soup with the plain
// reference (tests/support/reference_multistate) and finds the first
// repeated state in a std::map; thread counts and batch sizes never change
// a result; families mixing two-state and multi-state rules; shards.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "reference_multistate.hpp"
#include "toroid/analysis/rule_family.hpp"
#include "toroid/analysis/soup_run.hpp"
#include "toroid/analysis/sweep.hpp"
#include "toroid/analysis/sweep_file.hpp"
#include "toroid/core/reference_stepper.hpp"

namespace toroid {
namespace {

SweepOptions small(std::uint64_t soups, std::int64_t torus, std::uint64_t gens) {
    SweepOptions o;
    o.soups = soups;
    o.soup.soup_width = o.soup.soup_height = 12;
    o.soup.torus_width = o.soup.torus_height = torus;
    o.soup.max_gens = gens;
    o.soup.seed = 5;
    o.threads = 2;
    return o;
}

std::vector<RuleCensus> sweep_all(const RuleFamily& f, const SweepOptions& o) {
    std::vector<std::uint64_t> all;
    for (std::uint64_t i = 0; i < f.size(); ++i) all.push_back(i);
    std::vector<RuleCensus> out;
    run_sweep(f, all, o, [&](const RuleCensus& c) { out.push_back(c); });
    return out;
}

// The soup's fate from the definitions in soup_run.hpp, stepped by the
// plain reference: the first state seen twice gives the period and the
// stabilisation generation (dies when empty); half the torus and four times
// the soup is explosive; at the limit, twice the soup and an eighth of the
// torus is explosive, anything else chaotic.
struct OracleFate {
    SoupClass cls = SoupClass::Chaotic;
    std::uint64_t generations = 0, settled_at = 0, period = 0, final_population = 0;
};

OracleFate oracle(const SoupConfig& c, const Rule& rule, std::uint64_t index) {
    Grid g = make_soup_torus(c, soup_seed(c.seed, rule, index));
    const std::uint64_t cells = std::uint64_t(c.torus_width * c.torus_height);
    const std::uint64_t pop0 = g.population();
    std::map<std::string, std::uint64_t> seen;  // every state seen, cell bytes as the key
    auto key = [&] {
        const std::vector<std::uint8_t> bytes = testing::cells_of(g).state;
        return std::string(bytes.begin(), bytes.end());
    };
    seen[key()] = 0;
    OracleFate f;
    for (std::uint64_t t = 1; t <= c.max_gens; ++t) {
        g = testing::reference_generations_run(g, rule, 1);
        f.generations = t;
        f.final_population = g.population();
        const auto [it, fresh] = seen.emplace(key(), t);
        if (!fresh) {
            f.settled_at = it->second;
            f.period = f.final_population == 0 ? 1 : t - it->second;
            f.cls = f.final_population == 0 ? SoupClass::Dies : SoupClass::Stable;
            return f;
        }
        if (2 * f.final_population >= cells && f.final_population >= 4 * pop0) {
            f.cls = SoupClass::Explosive;
            return f;
        }
    }
    f.cls = f.final_population >= 2 * pop0 && 8 * f.final_population >= cells ? SoupClass::Explosive
                                                                              : SoupClass::Chaotic;
    return f;
}

// Every soup of every rule against the oracle; adds the classes seen to `classes`.
void expect_outcomes_match_the_oracle(const RuleFamily& family, const SweepOptions& o,
                                      std::vector<int>& classes) {
    for (std::uint64_t r = 0; r < family.size(); ++r) {
        const Rule rule = family.rule(r);
        const std::vector<SoupOutcome> got = run_soups_unbatched(rule, o.soup, 0, o.soups);
        for (std::uint64_t i = 0; i < o.soups; ++i) {
            SCOPED_TRACE(rule.to_string() + " soup " + std::to_string(i));
            const OracleFate want = oracle(o.soup, rule, i);
            const SoupOutcome& s = got[std::size_t(i)];
            EXPECT_EQ(soup_class_name(s.cls), std::string(soup_class_name(want.cls)));
            EXPECT_EQ(s.generations, want.generations);
            EXPECT_EQ(s.final_population, want.final_population);
            if (want.cls == SoupClass::Stable || want.cls == SoupClass::Dies) {
                EXPECT_EQ(s.settled_at, want.settled_at);
                EXPECT_EQ(s.period, want.period);
            }
            if (rule.range_rule()) {
                EXPECT_TRUE(s.objects.empty());  // no ash census for them
            } else if (want.cls == SoupClass::Stable && want.final_population > 0) {
                // Generations ash is separated and coded: lifelib's codes.
                EXPECT_FALSE(s.objects.empty());
                for (const std::string& code : s.objects)
                    EXPECT_TRUE(code.rfind("xs", 0) == 0 || code.rfind("xp", 0) == 0 ||
                                code.rfind("xq", 0) == 0 || code.rfind("zz_", 0) == 0)
                        << code;
            }
            ++classes[std::size_t(want.cls)];
        }
    }
}

// The tests mean something only if the soups went more than one way.
int kinds(const std::vector<int>& classes) {
    return int(std::count_if(classes.begin(), classes.end(), [](int n) { return n > 0; }));
}

TEST(SweepMultiState, GenerationsSoupsMatchTheReferenceOracle) {
    const SweepOptions o = small(3, 24, 300);
    std::vector<int> classes(kSoupClasses, 0);
    expect_outcomes_match_the_oracle(RuleFamily::parse("B2/S[345]/C[3-5]"), o, classes);
    expect_outcomes_match_the_oracle(RuleFamily::parse("B3/S23/C[3-4]"), o, classes);
    EXPECT_GE(kinds(classes), 3);
}

TEST(SweepMultiState, LargerThanLifeSoupsMatchTheReferenceOracle) {
    std::vector<int> classes(kSoupClasses, 0);
    expect_outcomes_match_the_oracle(RuleFamily::parse("R2,C0,M1,S[2-3]..5,B3..4,NM"),
                                     small(3, 20, 200), classes);
    expect_outcomes_match_the_oracle(RuleFamily::parse("R[1-3],C[0,3],M1,S5..9,B4..6,NM"),
                                     small(3, 24, 300), classes);
    expect_outcomes_match_the_oracle(RuleFamily::parse("R2,C[3-4],M1,S5..9,B[4-5]..6,NN"),
                                     small(2, 20, 200), classes);
    EXPECT_GE(kinds(classes), 3);
}

TEST(SweepMultiState, SweepsEqualTheSoupBySoupRunsWhateverTheThreadsAndBatch) {
    SweepOptions o = small(4, 24, 250);
    // C2 is the two-state rule (the batch engine), C3 and C4 the 2-D backend.
    const RuleFamily f = RuleFamily::parse("B2/S[34]/C[2-4]");
    std::vector<nlohmann::json> reference;
    for (const RuleCensus& c : sweep_all(f, o)) reference.push_back(to_json(c));
    ASSERT_EQ(reference.size(), f.size());
    for (std::uint64_t r = 0; r < f.size(); ++r)
        EXPECT_EQ(to_json(summarise(f.rule(r), r, o.soup,
                                    run_soups_unbatched(f.rule(r), o.soup, 0, o.soups))),
                  reference[std::size_t(r)])
            << f.rule(r).to_string();
    for (std::size_t batch : {1, 3}) {
        for (int threads : {1, 2}) {
            o.batch = batch;
            o.threads = threads;
            std::vector<nlohmann::json> got;
            for (const RuleCensus& c : sweep_all(f, o)) got.push_back(to_json(c));
            EXPECT_EQ(got, reference) << "batch " << batch << " threads " << threads;
        }
    }
}

TEST(SweepMultiState, StopRequestedEndsTheSweep) {
    SweepOptions o = small(4, 24, 250);
    o.stop_requested = [] { return true; };
    const RuleFamily f = RuleFamily::parse("B2/S[345]/C[3-5]");
    std::vector<RuleCensus> got;
    const SweepStats s = run_sweep(f, {0, 1, 2}, o, [&](const RuleCensus& c) { got.push_back(c); });
    EXPECT_TRUE(s.stopped);
    EXPECT_TRUE(got.empty());
}

}  // namespace
}  // namespace toroid
