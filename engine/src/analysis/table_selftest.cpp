#include "toroid/analysis/table_selftest.hpp"

#include <chrono>
#include <mutex>

#include "toroid/core/backend.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/rule_table.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/core/table_reference.hpp"
#include "toroid/cpu/thread_pool.hpp"

namespace toroid {
namespace {

constexpr std::pair<std::int64_t, std::int64_t> kSizes[] = {{1, 1}, {2, 3},  {3, 1},
                                                            {5, 7}, {65, 5}, {40, 33}};

}  // namespace

std::string random_rule_table_text(std::mt19937_64& rng, CellNeighbourhood n,
                                   const std::string& symmetries, int states, int transitions) {
    auto pick = [&](int k) { return int(rng() % std::uint64_t(k)); };
    std::string t = "n_states:" + std::to_string(states) + "\nneighborhood:" + to_string(n) +
                    "\nsymmetries:" + symmetries + "\n";
    constexpr int vars = 4;
    for (int v = 0; v < vars; ++v) {
        std::string set;
        for (int s = 0; s < states; ++s)
            if (pick(2) || (s == states - 1 && set.empty()))
                set += (set.empty() ? "" : ",") + std::to_string(s);
        t += "var v" + std::to_string(v) + "={" + set + "}\n";
    }
    const int k = table_inputs(n);
    for (int l = 0; l < transitions; ++l) {
        std::vector<std::string> tokens;
        for (int i = 0; i < k; ++i)
            tokens.push_back(pick(3) == 0 ? std::to_string(pick(states))
                                          : "v" + std::to_string(pick(vars)));
        std::string out = std::to_string(pick(states));
        const std::string& some = tokens[std::size_t(pick(k))];
        if (pick(3) == 0 && some[0] == 'v') out = some;  // a bound next state
        for (const auto& tok : tokens) t += tok + ",";
        t += out + "\n";
    }
    return t;
}

SelftestReport run_table_selftest(std::uint64_t tables, const SelftestOptions& o,
                                  const std::function<void(std::uint64_t)>& progress) {
    SelftestReport report;
    const std::vector<std::string> backends =
        o.backends.empty() ? backend_registry().available() : o.backends;
    std::mutex mutex;
    std::uint64_t done = 0;
    const auto t0 = std::chrono::steady_clock::now();
    ThreadPool pool(o.threads);
    std::vector<std::string> checked;
    pool.run(std::size_t(tables), [&](std::size_t task) {
        std::mt19937_64 rng(o.seed * 0x9e3779b97f4a7c15ULL + task);
        const CellNeighbourhood n = CellNeighbourhood(rng() % 4);
        const auto& syms = table_symmetries(n);
        const std::string sym = syms[rng() % syms.size()];
        const int states = 2 + int(rng() % 7);
        const std::string text = random_rule_table_text(rng, n, sym, states, 4 + int(rng() % 27));
        const std::string name = "table #" + std::to_string(task) + " of seed " +
                                 std::to_string(o.seed) + ": " + to_string(n) + " " + sym + " " +
                                 std::to_string(states) + " states";
        const RuleTable table = parse_rule_table(text, name, 1);
        const TableReference reference(table);
        const Rule rule = Rule::from_state_rule(std::make_shared<TreeRule>(
            "SelftestTable", n, compile_rule_table(table, name), std::vector<StateColour>{}, name));
        std::uint64_t checks = 0;
        for (auto [w, h] : kSizes) {
            Grid start(w, h);
            fill_state_soup(start, 0.6, states,
                            o.seed ^ (task * 0x9e3779b97f4a7c15ULL) ^ std::uint64_t(w * 1000 + h));
            std::vector<std::vector<std::uint8_t>> expected{state_bytes(start)};
            for (int g = 0; g < o.generations; ++g)
                expected.push_back(step_byte_torus(
                    [&](const Block3x3& b) { return reference.next(b); }, expected.back(), w, h));
            for (const auto& backend : backends) {
                std::unique_ptr<Backend> b;
                try {
                    b = create_backend(backend, rule, BackendOptions{1, o.seed, true});
                } catch (const UnsupportedRule&) {
                    continue;  // a backend that runs no named rules
                }
                {
                    std::lock_guard lock(mutex);
                    if (std::find(checked.begin(), checked.end(), backend) == checked.end())
                        checked.push_back(backend);
                }
                b->load(start);
                for (int g = 1; g <= o.generations; ++g) {
                    b->step(1);
                    ++checks;
                    if (state_bytes(b->grid()) != expected[std::size_t(g)]) {
                        std::lock_guard lock(mutex);
                        ++report.failure_count;
                        if (report.failures.size() < 20)
                            report.failures.push_back({name, backend, w, h, std::uint64_t(g)});
                        break;
                    }
                }
            }
        }
        std::lock_guard lock(mutex);
        report.checks += checks;
        ++report.rules;
        ++done;
        if (progress && (done % 16 == 0 || done == tables)) progress(done);
    });
    report.backends = checked;
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

}  // namespace toroid
