#include "toroid/games/graph_analysis.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>

namespace toroid::games {

std::vector<Outcome> retrograde_outcomes(const GameGraph& graph, bool misere) {
    const std::size_t n = graph.size();
    const auto pred = graph.predecessors();
    std::vector<Outcome> out(n, Outcome::Draw);
    std::vector<std::size_t> remaining(n);
    std::deque<std::size_t> queue;
    for (std::size_t v = 0; v < n; ++v) {
        remaining[v] = graph.moves(v).size();
        if (remaining[v] == 0) {
            out[v] = misere ? Outcome::N : Outcome::P;
            queue.push_back(v);
        }
    }
    while (!queue.empty()) {
        const std::size_t v = queue.front();
        queue.pop_front();
        for (const auto u : pred[v]) {
            if (out[u] != Outcome::Draw) continue;
            if (out[v] == Outcome::P) {
                out[u] = Outcome::N;
                queue.push_back(u);
            } else if (--remaining[u] == 0) {
                out[u] = Outcome::P;
                queue.push_back(u);
            }
        }
    }
    return out;
}

namespace {

std::uint64_t mex_of(std::vector<std::uint64_t>& vals) {
    std::sort(vals.begin(), vals.end());
    std::uint64_t m = 0;
    for (const auto x : vals) {
        if (x == m)
            ++m;
        else if (x > m)
            break;
    }
    return m;
}

}  // namespace

GraphAnalysis analyze_graph(const GameGraph& graph) {
    const std::size_t n = graph.size();
    const auto pred = graph.predecessors();
    constexpr std::int64_t kUnlabeled = -1;
    std::vector<std::int64_t> label(n, kUnlabeled);

    // 1. The part of the graph that cannot reach a cycle: ordinary mex values,
    //    in reverse topological order (Kahn on successor counts).
    std::vector<std::size_t> pending(n);
    std::deque<std::size_t> queue;
    for (std::size_t v = 0; v < n; ++v) {
        pending[v] = graph.moves(v).size();
        if (pending[v] == 0) queue.push_back(v);
    }
    std::vector<std::uint64_t> vals;
    std::size_t resolved = 0;
    while (!queue.empty()) {
        const std::size_t v = queue.front();
        queue.pop_front();
        vals.clear();
        for (const auto w : graph.moves(v)) vals.push_back(static_cast<std::uint64_t>(label[w]));
        label[v] = static_cast<std::int64_t>(mex_of(vals));
        ++resolved;
        for (const auto u : pred[v])
            if (--pending[u] == 0) queue.push_back(u);
    }

    GraphAnalysis result;
    result.acyclic = resolved == n;

    // 2. Generalised SG on the rest (Fraenkel-Yesha). Round m: label m every
    //    unlabeled u with no follower labeled m whose followers that are
    //    unlabeled or infinite all have a follower labeled m (a retrograde
    //    pass); then every unlabeled vertex without a follower labeled m is
    //    infinite for good (it lacks the value m among its followers). Stop
    //    when nothing is left unlabeled.
    constexpr std::int64_t kInfinite = -2;
    if (!result.acyclic) {
        std::vector<std::size_t> rest;  // vertices with label < 0
        for (std::size_t v = 0; v < n; ++v)
            if (label[v] == kUnlabeled) rest.push_back(v);
        std::vector<std::size_t> count(n, 0);
        std::vector<char> hit(n, 0);
        std::vector<std::size_t> work;
        for (std::int64_t m = 0;; ++m) {
            work.clear();
            for (const auto u : rest) {
                hit[u] = 0;
                std::size_t c = 0;
                for (const auto w : graph.moves(u)) {
                    if (label[w] < 0)
                        ++c;
                    else if (label[w] == m)
                        hit[u] = 1;
                }
                count[u] = c;
            }
            // followers already hit (by a finite label m) no longer count
            for (const auto u : rest) {
                if (!hit[u]) continue;
                for (const auto x : pred[u])
                    if (label[x] == kUnlabeled && !hit[x]) --count[x];
            }
            for (const auto u : rest)
                if (label[u] == kUnlabeled && !hit[u] && count[u] == 0) {
                    label[u] = m;
                    work.push_back(u);
                }
            while (!work.empty()) {
                const std::size_t v = work.back();
                work.pop_back();
                for (const auto w : pred[v]) {
                    if (label[w] >= 0 || hit[w]) continue;
                    hit[w] = 1;
                    for (const auto x : pred[w]) {
                        if (label[x] != kUnlabeled || hit[x]) continue;
                        if (--count[x] == 0) {
                            label[x] = m;
                            work.push_back(x);
                        }
                    }
                }
            }
            std::vector<std::size_t> still;
            bool unlabeled_left = false;
            for (const auto u : rest) {
                if (label[u] >= 0) continue;
                if (label[u] == kUnlabeled && !hit[u]) label[u] = kInfinite;
                if (label[u] == kUnlabeled) unlabeled_left = true;
                still.push_back(u);
            }
            rest.swap(still);
            if (!unlabeled_left) break;
        }
    }

    result.value.resize(n);
    for (std::size_t v = 0; v < n; ++v) {
        if (label[v] >= 0) {
            result.value[v] = LoopyValue::of(static_cast<std::uint64_t>(label[v]));
            continue;
        }
        LoopyValue lv{false, 0, {}};
        for (const auto w : graph.moves(v))
            if (label[w] >= 0) lv.infinity_set.push_back(static_cast<std::uint64_t>(label[w]));
        std::sort(lv.infinity_set.begin(), lv.infinity_set.end());
        lv.infinity_set.erase(std::unique(lv.infinity_set.begin(), lv.infinity_set.end()),
                              lv.infinity_set.end());
        result.value[v] = lv;
    }
    result.outcome.resize(n);
    for (std::size_t v = 0; v < n; ++v) result.outcome[v] = result.value[v].outcome();
    return result;
}

std::vector<std::size_t> good_moves(const GameGraph& graph, const std::vector<Outcome>& outcome,
                                    std::size_t v) {
    std::vector<std::size_t> out;
    const Outcome want = outcome[v] == Outcome::N ? Outcome::P : Outcome::Draw;
    if (outcome[v] == Outcome::P) return out;
    for (const auto w : graph.moves(v))
        if (outcome[w] == want) out.push_back(w);
    return out;
}

}  // namespace toroid::games
