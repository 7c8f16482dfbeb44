#include "toroid/games/octal.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "dense_octal.hpp"
#include "sparse_solver.hpp"
#include "toroid/error.hpp"
#include "toroid/usable_cores.hpp"

namespace toroid::games {

OctalGame OctalGame::parse(std::string_view text) {
    std::string code(text);
    code.erase(0, code.find_first_not_of(" \t"));
    if (auto e = code.find_last_not_of(" \t"); e != std::string::npos) code.erase(e + 1);
    const std::string q = "octal code '" + code + "'";
    if (code.empty())
        throw InputError("octal code is empty: expected d0.d1d2... such as 0.07 or 4.07");
    const auto dot = code.find('.');
    if (dot == std::string::npos) {
        throw InputError(
            q +
            " has no point: expected d0.d1d2... such as 0.77 (Kayles) or 0.07 (Dawson's Kayles)");
    }
    if (code.find('.', dot + 1) != std::string::npos)
        throw InputError(q + " has more than one point");
    OctalGame g;
    const std::string head = code.substr(0, dot), tail = code.substr(dot + 1);
    if (head.empty() || head == "0") {
        g.digits_.push_back(0);
    } else if (head == "4") {
        g.digits_.push_back(4);
    } else {
        throw InputError(q +
                         ": the digit before the point must be 0 or 4 (d0 can only allow splitting "
                         "a heap), got '" +
                         head + "'");
    }
    if (tail.empty()) throw InputError(q + " has no digits after the point: expected e.g. 0.07");
    if (tail.size() > 64) throw InputError(q + " is too long (at most 64 digits after the point)");
    for (std::size_t i = 0; i < tail.size(); ++i) {
        const char c = tail[i];
        if (c < '0' || c > '7') {
            throw InputError(q + ": character '" + std::string(1, c) + "' at position " +
                             std::to_string(dot + 2 + i) + " is not an octal digit (expected 0-7)");
        }
        g.digits_.push_back(static_cast<std::uint8_t>(c - '0'));
    }
    while (g.digits_.size() > 1 && g.digits_.back() == 0) g.digits_.pop_back();
    g.code_ = std::to_string(g.digits_[0]) + ".";
    for (std::size_t k = 1; k < g.digits_.size(); ++k)
        g.code_ += static_cast<char>('0' + g.digits_[k]);
    if (g.digits_.size() == 1) g.code_ += "0";
    return g;
}

bool OctalGame::splits() const {
    for (const auto d : digits_)
        if (d & 4) return true;
    return false;
}

std::string heap_move_text(std::uint64_t take, std::uint64_t left, std::uint64_t right,
                           std::size_t heap) {
    const std::string h = heap ? " heap " + std::to_string(heap) : "";
    if (take == 0)
        return "split" + h + " into " + std::to_string(left) + " and " + std::to_string(right);
    const std::string s = "take " + std::to_string(take) + (heap ? " from" + h : "");
    if (left == 0) return s + " (leaving " + std::to_string(right) + ")";
    return s + " (leaving " + std::to_string(left) + " and " + std::to_string(right) + ")";
}

std::string OctalMove::to_string() const {
    return heap_move_text(take, left, right);
}

std::vector<OctalMove> octal_moves(const OctalGame& game, std::uint64_t n) {
    std::vector<OctalMove> out;
    for (std::size_t k = 0; k <= game.max_take(); ++k) {
        if (k > n) break;
        const unsigned d = game.digit(k);
        const std::uint64_t r = n - k;
        if (k > 0 && (d & 1) && r == 0) out.push_back({k, 0, 0});
        if (k > 0 && (d & 2) && r >= 1) out.push_back({k, 0, r});
        if ((d & 4) && r >= 2)
            for (std::uint64_t a = 1; a <= r / 2; ++a) out.push_back({k, a, r - a});
    }
    return out;
}

std::optional<std::string> octal_move_error(const OctalGame& game, std::uint64_t n,
                                            std::uint64_t take, std::uint64_t left) {
    const std::string code = game.code();
    if (take > game.max_take() || take > n) {
        return "in " + code + " you may take at most " +
               std::to_string(std::min<std::uint64_t>(game.max_take(), n));
    }
    const unsigned d = game.digit(take);
    const std::uint64_t r = n - take;
    if (take > 0 && d == 0) return "taking " + std::to_string(take) + " is not allowed in " + code;
    if (left > 0) {
        if (!(d & 4)) {
            return take == 0
                       ? "in " + code + " a heap may not be split without taking"
                       : "taking " + std::to_string(take) + " may not split the heap in " + code;
        }
        if (left >= r) {
            return "a split must leave two non-empty heaps (left part 1.." +
                   std::to_string(r ? r - 1 : 0) + ")";
        }
        return std::nullopt;
    }
    if (take == 0) return "taking 0 is only allowed as a split (give the left part)";
    if (r == 0 && !(d & 1))
        return "taking " + std::to_string(take) + " may not remove the whole heap in " + code;
    if (r > 0 && !(d & 2)) {
        return "taking " + std::to_string(take) + " must " +
               ((d & 4) ? "split the rest (give the left part)" : "remove the whole heap") +
               " in " + code;
    }
    return std::nullopt;
}

std::string octal_name(const std::string& code) {
    if (code == "0.77") return "Kayles";
    if (code == "0.07") return "Dawson's Kayles";
    if (code == "0.137") return "Dawson's chess";
    if (code == "0.007") return "Treblecross";
    if (code == "0.6") return "Officers";
    if (code == "4.0") return "split into two heaps";
    return "";
}

namespace {

struct Stamp {
    std::vector<std::uint32_t> mark;
    std::uint32_t now = 0;
    void next() {
        if (++now == 0) {
            std::fill(mark.begin(), mark.end(), 0);
            now = 1;
        }
    }
    void set(std::uint32_t v) {
        if (v >= mark.size()) mark.resize(std::max<std::size_t>(v + 1, mark.size() * 2), 0);
        mark[v] = now;
    }
    bool has(std::uint32_t v) const { return v < mark.size() && mark[v] == now; }
    std::uint32_t mex() const {
        std::uint32_t m = 0;
        while (has(m)) ++m;
        return m;
    }
};

void check_upto(std::size_t upto) {
    if (upto > 100'000'000) {
        throw InputError("--upto " + std::to_string(upto) +
                         " is too large for an octal game (at most 100000000: " +
                         "about 400 bytes per 100 heap sizes of memory)");
    }
}

// One value by the definition (all options).
std::uint32_t naive_value(const OctalGame& game, const std::vector<std::uint32_t>& g, std::size_t n,
                          Stamp& st) {
    st.next();
    for (std::size_t k = 0; k <= game.max_take() && k <= n; ++k) {
        const unsigned d = game.digit(k);
        const std::size_t r = n - k;
        if (k > 0 && (d & 1) && r == 0) st.set(0);
        if (k > 0 && (d & 2) && r >= 1) st.set(g[r]);
        if ((d & 4) && r >= 2)
            for (std::size_t a = 1; a <= r / 2; ++a) st.set(g[a] ^ g[r - a]);
    }
    return st.mex();
}

}  // namespace

std::vector<std::uint32_t> octal_grundy_naive(const OctalGame& game, std::size_t upto) {
    check_upto(upto);
    std::vector<std::uint32_t> g(upto + 1, 0);
    Stamp st;
    for (std::size_t n = 1; n <= upto; ++n) g[n] = naive_value(game, g, n, st);
    return g;
}

Periodicity octal_period(const OctalGame& game, std::span<const std::uint32_t> g) {
    return find_period(g, game.max_take(), true);
}

OctalSequence octal_grundy(const OctalGame& game, std::size_t upto, bool extend_by_period,
                           std::uint64_t max_work,
                           const std::function<void(const OctalProgress&)>& progress) {
    OctalRunOptions o;
    o.extend_by_period = extend_by_period;
    o.max_work = max_work;
    o.progress = progress;
    return octal_grundy(game, upto, o);
}

OctalSequence octal_grundy(const OctalGame& game, std::size_t upto,
                           const OctalRunOptions& options) {
    return detail::octal_grundy_scheduled(game, upto, options,
                                          std::max<std::size_t>(4096, 4 * game.max_take()), 1024);
}

namespace detail {

OctalSequence octal_grundy_scheduled(const OctalGame& game, std::size_t upto, bool extend_by_period,
                                     std::uint64_t max_work, std::size_t naive_prefix,
                                     std::size_t first_check,
                                     const std::function<void(const OctalProgress&)>& progress) {
    OctalRunOptions o;
    o.extend_by_period = extend_by_period;
    o.max_work = max_work;
    o.progress = progress;
    return octal_grundy_scheduled(game, upto, o, naive_prefix, first_check);
}

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::string human_seconds(double s) {
    char buf[64];
    if (s < 120)
        std::snprintf(buf, sizeof buf, "%.0f s", s);
    else if (s < 7200)
        std::snprintf(buf, sizeof buf, "%.1f min", s / 60);
    else if (s < 172800)
        std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
    else
        std::snprintf(buf, sizeof buf, "%.1f days", s / 86400);
    return buf;
}

}  // namespace

OctalSequence octal_grundy_scheduled(const OctalGame& game, std::size_t upto,
                                     const OctalRunOptions& options, std::size_t naive_prefix,
                                     std::size_t first_check) {
    check_upto(upto);
    const auto t0 = Clock::now();
    OctalSequence out;
    auto& g = out.g;
    g.assign(upto + 1, 0);
    // Values from a checkpoint.
    std::size_t resumed = 0;
    if (!options.resume.empty()) {
        resumed = std::min(options.resume.size(), upto + 1) - 1;
        std::copy(options.resume.begin(),
                  options.resume.begin() + static_cast<std::ptrdiff_t>(resumed + 1), g.begin());
        out.resumed_from = resumed + 1;
    }
    const std::size_t t = game.max_take();
    Stamp st;
    std::size_t next_check = first_check;
    while (next_check <= resumed) next_check *= 2;
    // Returns true when the rest was filled in by a proved period.
    auto periodic_rest = [&](std::size_t n) {
        if (!options.extend_by_period) return false;
        const auto per = octal_period(game, std::span<const std::uint32_t>(g.data(), n + 1));
        if (!per.found) return false;
        out.period = per;
        out.computed = n + 1;
        for (std::size_t m = n + 1; m <= upto; ++m) g[m] = g[m - per.period];
        return true;
    };
    if (resumed > 0 && periodic_rest(resumed)) return out;
    // The budget: spent when the run has taken max_seconds (wall clock).
    auto budget_spent = [&] {
        return options.max_seconds > 0 && seconds_since(t0) >= options.max_seconds;
    };
    // Refused early only when even a projection that can only be too low
    // (the time per heap measured over the last stretch, extrapolated
    // linearly: quadratic runs only grow dearer) is far beyond the budget
    // left; anything closer runs, and stops when the budget is spent.
    auto far_beyond_budget = [&](double linear_seconds) {
        if (options.max_seconds <= 0) return false;
        const double left = std::max(0.0, options.max_seconds - seconds_since(t0));
        return linear_seconds > kRefuseBeyondBudget * left;
    };
    auto budget_text = [&] {
        char budget[32];
        std::snprintf(budget, sizeof budget, "%g", options.max_seconds);
        return "the budget --max-time " + std::string(budget) + " s (" +
               human_seconds(seconds_since(t0)) + " spent)";
    };
    // Ctrl-C or the budget: g(0..n-1) are computed; checkpointed, returned.
    auto stop_at = [&](std::size_t n, bool budget) {
        g.resize(n);
        out.stopped = true;
        out.budget_spent = budget;
        out.computed = n;
        if (options.checkpoint) options.checkpoint(g);
    };
    auto stop_now = [&](std::size_t n) {
        if ((n & 4095) != 0) return false;
        const bool ctrl_c = options.stop_requested && options.stop_requested();
        if (!ctrl_c && !budget_spent()) return false;
        stop_at(n, !ctrl_c);
        return true;
    };

    const std::size_t prefix = std::min(upto, std::max(naive_prefix, t + 1));
    for (std::size_t n = resumed + 1; n <= prefix; ++n) {
        g[n] = naive_value(game, g, n, st);
        if (n == next_check) {
            if (periodic_rest(n)) return out;
            next_check *= 2;
        }
    }
    out.computed = upto + 1;
    out.period.checked_upto = upto;
    const std::size_t start = std::max(prefix, resumed);
    if (!game.splits()) {
        std::vector<std::size_t> one_heap_ks;
        for (std::size_t k = 1; k <= t; ++k)
            if (game.digit(k) & 2) one_heap_ks.push_back(k);
        for (std::size_t n = start + 1; n <= upto; ++n) {
            st.next();
            for (const auto k : one_heap_ks) st.set(g[n - k]);
            g[n] = st.mex();
            if (n == next_check) {
                if (periodic_rest(n)) return out;
                next_check *= 2;
            }
        }
        return out;
    }

    // Two threads or more: the rare-pair batches are filled on a helper.
    const unsigned threads = options.threads ? options.threads : toroid::usable_cores();
    detail::SparseSolver solver(game, g, threads);
    solver.relabel(start, upto);
    std::uint64_t work_at_check = 0;  // pairs visited, for the refusal below
    auto finish = [&] {
        out.common_values = solver.coset().to_string();
        out.rare_positions = solver.rare_positions();
        return out;
    };
    std::size_t labelled_at = start, rare_when_labelled = solver.rare_positions();
    std::uint64_t work_at_label = 0;
    auto relabel = [&](std::size_t n) {
        solver.relabel(n, upto);
        labelled_at = n;
        rare_when_labelled = solver.rare_positions();
        work_at_label = solver.work();
    };
    // The trend of the rare share over the doublings, and the time per heap.
    std::vector<double> shares;
    std::string trend = "not classified yet";
    double eta = -1;
    std::size_t timed_from = start;
    auto timed_t0 = Clock::now();
    double sec_per_heap = 0;
    bool quadratic = false;
    // Dense codes (classified at a doubling): the exact quadratic path,
    // blocked and threaded (dense_octal.hpp), with the same checkpoints.
    auto dense_rest = [&](std::size_t from) {
        trend = "dense (quadratic): exact blocked path";
        auto t_block = Clock::now();
        std::size_t block_from = from;
        std::size_t reported = from >> 16;  // progress once per 65536 heaps (blocks vary)
        for (std::size_t lo = from; lo <= upto;) {
            const std::size_t hi = std::min(upto, next_check);
            bool stop = false, spent = false;
            const std::size_t done =
                octal_dense_fill(game, g, lo, hi, options.threads, [&](std::size_t m) {
                    if (options.stop_requested && options.stop_requested()) {
                        stop = true;
                        return false;
                    }
                    if (budget_spent()) {
                        stop = spent = true;
                        return false;
                    }
                    if (options.progress && (m >> 16) != reported) {
                        reported = m >> 16;
                        const double per =
                            seconds_since(t_block) / static_cast<double>(m + 1 - block_from);
                        const double rest = static_cast<double>(upto - m);
                        options.progress(
                            {m, upto, false, 0, solver.rare_positions(),
                             static_cast<double>(solver.rare_positions()) / static_cast<double>(m),
                             trend, solver.coset().to_string(), seconds_since(t0),
                             per * rest *
                                 (static_cast<double>(upto + m) / (2.0 * static_cast<double>(m)))});
                    }
                    return true;
                });
            if (stop) {
                stop_at(done + 1, spent);
                return finish();
            }
            if (hi == next_check) {
                if (periodic_rest(hi)) return finish();
                if (options.checkpoint)
                    options.checkpoint(std::span<const std::uint32_t>(g.data(), hi + 1));
                const double per =
                    seconds_since(t_block) / static_cast<double>(hi + 1 - block_from);
                const double rest = static_cast<double>(upto - hi);
                const double e =
                    per * rest * (static_cast<double>(upto + hi) / (2.0 * static_cast<double>(hi)));
                if (options.progress)
                    options.progress({hi, upto, true, static_cast<double>(hi) / 2, 0, 0, trend, "",
                                      seconds_since(t0), e});
                if (far_beyond_budget(per * rest)) {
                    throw InputError("octal game " + game.code() + ": g(0.." +
                                     std::to_string(upto) + ") would take about " +
                                     human_seconds(e) + " more on the exact quadratic path (" +
                                     trend + "; at least " + human_seconds(per * rest) +
                                     " at the pace so far), far beyond " + budget_text() +
                                     "; raise it (e.g. --max-time " +
                                     std::to_string(static_cast<long long>(e * 1.5 + 60)) +
                                     ", --checkpoint FILE to resume later) or ask for a smaller "
                                     "--upto");
                }
                next_check *= 2;
                t_block = Clock::now();
                block_from = hi + 1;
            }
            lo = hi + 1;
        }
        return finish();
    };
    for (std::size_t n = start + 1; n <= upto; ++n) {
        if (stop_now(n)) return finish();
        solver.value(n);
        // New values can leave the coset behind between doublings (0.143
        // starts using 16 and 18 near n = 300000): re-choose early when the
        // rare positions more than double, at most once per n/8 heaps.
        if (n != next_check && solver.rare_positions() > 2 * rare_when_labelled + 1024 &&
            8 * (n - labelled_at) >= n) {
            relabel(n);
        }
        if (n != next_check) {
            if (options.progress && (n & 65535) == 0) {
                const double per = seconds_since(timed_t0) / static_cast<double>(n - timed_from);
                const double rest = static_cast<double>(upto - n);
                const double e =
                    quadratic ? per * rest *
                                    (static_cast<double>(upto + n) / (2.0 * static_cast<double>(n)))
                              : per * rest;
                options.progress(
                    {n, upto, false, 0, solver.rare_positions(),
                     static_cast<double>(solver.rare_positions()) / static_cast<double>(n), trend,
                     solver.coset().to_string(), seconds_since(t0), e});
            }
            continue;
        }
        if (periodic_rest(n)) return finish();
        const std::uint64_t work = solver.work();
        const bool recent = 16 * (n - labelled_at) >= n && labelled_at > n / 2;
        const double per_n =
            recent
                ? static_cast<double>(work - work_at_label) / static_cast<double>(n - labelled_at)
                : static_cast<double>(work - work_at_check) / static_cast<double>(n / 2);
        // Re-choose the coset first: when that removes most rare positions the
        // last doubling says little about the next one.
        const std::size_t rare_before = solver.rare_positions();
        relabel(n);
        const bool relieved = 2 * solver.rare_positions() < rare_before;
        const double share = static_cast<double>(solver.rare_positions()) / static_cast<double>(n);
        shares.push_back(share);
        // Classification by the trend of the rare share (never one doubling).
        const std::size_t j = shares.size();
        const bool falling = j >= 2 && shares[j - 1] < 0.9 * shares[j - 2];
        const bool rising =
            j >= 3 && shares[j - 1] > 1.05 * shares[j - 2] && shares[j - 2] > 1.05 * shares[j - 3];
        if (share < 0.05 || relieved)
            trend = falling ? "sparse, rare share falling" : "sparse";
        else if (falling)
            trend = "turning sparse (rare share falling)";
        else if (n >= 256 * first_check && j >= 3 &&
                 (rising || (share > 0.25 && shares[j - 2] > 0.25 && shares[j - 3] > 0.25)))
            trend = "dense (quadratic)";  // after several doublings, n >= 2^18
        else
            trend = "not classified yet";
        quadratic = trend == "dense (quadratic)";
        // Time per heap over the last doubling (from the clock), projected to upto.
        sec_per_heap = seconds_since(timed_t0) / static_cast<double>(n - timed_from);
        timed_from = n;
        timed_t0 = Clock::now();
        const double rest = static_cast<double>(upto - n);
        const double growth =
            quadratic ? static_cast<double>(upto + n) / (2.0 * static_cast<double>(n)) : 1.0;
        eta = sec_per_heap * rest * growth;
        if (options.progress)
            options.progress({n, upto, true, per_n, solver.rare_positions(), share, trend,
                              solver.coset().to_string(), seconds_since(t0), eta});
        if (options.checkpoint) {
            options.checkpoint(std::span<const std::uint32_t>(g.data(), n + 1));
        }
        if (n >= 32 * first_check && !relieved) {
            const double projected_work = per_n * rest * growth;
            const std::string share_text = std::to_string(solver.rare_positions()) +
                                           " rare positions up to " + std::to_string(n) + ", " +
                                           trend;
            if (options.max_work > 0 && projected_work > static_cast<double>(options.max_work)) {
                throw InputError("octal game " + game.code() +
                                 " has no sparse space or period so far (" + share_text +
                                 "): g(0.." + std::to_string(upto) + ") would need about " +
                                 std::to_string(static_cast<long long>(projected_work)) +
                                 " more steps; ask for a smaller --upto (or --no-limit)");
            }
            const double linear = sec_per_heap * rest;  // never above eta
            if (j >= 2 && far_beyond_budget(linear)) {
                throw InputError(
                    "octal game " + game.code() + ": g(0.." + std::to_string(upto) +
                    ") would take about " + human_seconds(eta) + " more by the trend so far (" +
                    share_text + "; at least " + human_seconds(linear) +
                    " at the pace so far), far beyond " + budget_text() +
                    "; raise it (e.g. --max-time " +
                    std::to_string(static_cast<long long>(eta * 1.5 + 60)) +
                    ", --checkpoint FILE to resume later) or ask for a smaller --upto");
            }
        }
        work_at_check = work;
        next_check *= 2;
        if (quadratic && n < upto) return dense_rest(n + 1);
    }
    return finish();
}

}  // namespace detail

}  // namespace toroid::games
