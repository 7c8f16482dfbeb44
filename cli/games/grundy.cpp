// `toroid grundy subtraction|octal|graph|sum`: Sprague-Grundy values,
// periods proved by the Guy-Smith theorem, loopy graphs, sums of games.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "games/common.hpp"
#include "toroid/atomic_file.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/interrupt_scope.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/frontend/progress_line.hpp"
#include "toroid/games/game_graph.hpp"
#include "toroid/games/game_spec.hpp"
#include "toroid/games/graph_analysis.hpp"
#include "toroid/games/heap_games.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/misere.hpp"
#include "toroid/games/octal.hpp"
#include "toroid/games/octal_checkpoint.hpp"
#include "toroid/games/parse.hpp"
#include "toroid/games/subtraction.hpp"
#include "toroid/output_file.hpp"

namespace toroid::cli {

using namespace toroid::games;
using nlohmann::json;

namespace {

struct SeqOptions {
    std::string rule;
    std::string upto = "100";
    bool period = false, json = false, no_limit = false, progress = false, misere = false;
    std::string output, checkpoint, resume;
    double max_time = 300;
};

constexpr std::size_t kPrintAll = 2000;

// What to try when no period was found (Periodicity::hint), after the text.
std::string period_hint(const Periodicity& per, std::size_t upto) {
    const std::string hint = per.hint(upto);
    return hint.empty() ? "" : "; " + hint;
}

void print_sequence(const std::string& title, const std::vector<std::uint32_t>& g,
                    const SeqOptions& o, const Periodicity* per, double seconds, json extra) {
    if (!o.output.empty()) {  // checked before the computation (check_outputs)
        std::string text;
        for (std::size_t n = 0; n < g.size(); ++n)
            text += std::to_string(n) + " " + std::to_string(g[n]) + "\n";
        write_file_atomic(o.output, text);
    }
    if (o.json) {
        json j = std::move(extra);
        j["upto"] = g.size() - 1;
        j["seconds"] = seconds;
        if (g.size() <= 100000 || o.output.empty()) {
            if (g.size() <= 1'000'000) j["grundy"] = g;
        }
        if (per) {
            j["period"] = {{"found", per->found},         {"proved", per->proved},
                           {"preperiod", per->preperiod}, {"period", per->period},
                           {"proved_at", per->proved_at}, {"text", per->to_string()}};
            if (!per->found) j["period"]["hint"] = per->hint(g.size() - 1);
        }
        return print_json(j);
    }
    std::cout << title << "\n";
    const std::size_t shown = std::min(g.size(), kPrintAll);
    std::cout << "g(0.." << shown - 1 << "):";
    for (std::size_t n = 0; n < shown; ++n) std::cout << (n % 30 == 0 ? "\n  " : " ") << g[n];
    std::cout << "\n";
    if (shown < g.size()) {
        std::cout << "... (" << g.size() - shown << " more values";
        std::cout << (o.output.empty() ? "; write them all with --output FILE)"
                                       : " in " + o.output + ")")
                  << "\n";
        std::cout << "g(" << g.size() - 1 << ") = " << g.back() << "\n";
    }
    if (per) std::cout << per->to_string() << period_hint(*per, g.size() - 1) << "\n";
    std::cout << "computed in " << seconds << " s\n";
}

// Every file the command will write, checked before it computes (output_file.hpp).
void check_outputs(const SeqOptions& o) {
    if (!o.output.empty()) check_output_file(o.output, "--output");
    if (!o.checkpoint.empty()) check_output_file(o.checkpoint, "--checkpoint");
}

double since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Misère Grundy values of single heaps (misere.hpp), by brute force.
void run_misere_values(const std::string& kind, const std::string& rule,
                       const std::string& upto_text, bool as_json) {
    const auto upto = parse_u64_max(upto_text, "--upto", 1000);
    const HeapsGame heaps = heaps_game(kind, rule);
    const std::string& title = heaps.title;
    constexpr std::size_t kMaxPositions = 300'000;
    check_misere_values_size(kind, upto, kMaxPositions);
    const auto t0 = std::chrono::steady_clock::now();
    const auto g = misere_heap_values(*heaps.game, upto, kMaxPositions);
    if (as_json) {
        return print_json({{"game", kind},
                           {"rule", rule},
                           {"title", title},
                           {"upto", upto},
                           {"misere_grundy", g},
                           {"seconds", since(t0)},
                           {"definition", "g-(terminal) = 1, g-(G) = mex g-(options)"}});
    }
    std::cout << title << ", misère play (the last mover loses)\n";
    std::cout << "misère Grundy values g-(0.." << upto
              << ") (g-(terminal) = 1, g-(G) = mex of the "
                 "options' g-; a heap is a misère P-position iff g- = 0):";
    for (std::size_t n = 0; n < g.size(); ++n) std::cout << (n % 30 == 0 ? "\n  " : " ") << g[n];
    std::cout << "\nP-positions (single heaps):";
    for (std::size_t n = 0; n < g.size(); ++n)
        if (g[n] == 0) std::cout << " " << n;
    std::cout << "\n(every multi-heap position reached was solved by brute force; computed in "
              << since(t0) << " s)\n";
}

void run_subtraction(const SeqOptions& o) {
    if (o.misere) return run_misere_values("subtraction", o.rule, o.upto, o.json);
    const auto set = SubtractionSet::parse(o.rule);
    const auto upto = parse_u64_max(o.upto, "--upto", 100'000'000);
    check_outputs(o);
    const auto t0 = std::chrono::steady_clock::now();
    const auto g = subtraction_grundy(set, upto);
    Periodicity per;
    if (o.period) per = subtraction_period(set, g);
    print_sequence("subtraction game S = {" + set.to_string() + "}", g, o,
                   o.period ? &per : nullptr, since(t0),
                   {{"game", "subtraction"}, {"set", set.to_string()}});
}

std::string format_seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", s);
    return buf;
}

std::string eta_text(double s) {
    if (s < 0) return "?";
    char buf[32];
    if (s < 120)
        std::snprintf(buf, sizeof buf, "%.0f s", s);
    else if (s < 7200)
        std::snprintf(buf, sizeof buf, "%.1f min", s / 60);
    else
        std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
    return buf;
}

void run_octal(const SeqOptions& o) {
    if (o.misere) return run_misere_values("octal", o.rule, o.upto, o.json);
    const auto game = OctalGame::parse(o.rule);
    const auto upto = parse_u64_max(o.upto, "--upto", 100'000'000);
    // A budget of 0 or less is no budget at all; --no-limit says "none".
    if (o.max_time < 0)
        throw InputError("--max-time " + format_seconds(o.max_time) +
                         " must not be negative: expected a positive number of seconds (or "
                         "--no-limit for no budget)");
    if (o.max_time == 0)
        throw InputError(
            "--max-time 0 leaves no time: expected a positive number of seconds (or --no-limit "
            "for no budget)");
    check_outputs(o);
    const auto t0 = std::chrono::steady_clock::now();
    OctalRunOptions run;
    run.max_seconds = o.no_limit ? 0 : o.max_time;
    frontend::ProgressLine line;  // on a terminal; --progress lines also into a pipe
    if (o.progress || line.enabled()) {
        run.progress = [&](const OctalProgress& p) {
            if (o.progress && p.doubling) {
                std::ostringstream text;
                text << "n = " << p.n << ": " << static_cast<long long>(p.pairs_per_heap)
                     << " pairs per heap size, ";
                if (!p.common_values.empty())
                    text << p.rare_positions << " rare positions, common values " << p.common_values
                         << " ";
                text << "(" << since(t0) << " s; " << p.trend << "; ETA " << eta_text(p.eta_seconds)
                     << ")";
                line.print(text.str());
            } else if (line.enabled()) {
                std::ostringstream text;
                text << "n = " << p.n << " of " << p.upto << " ("
                     << static_cast<int>(100.0 * static_cast<double>(p.n) /
                                         static_cast<double>(p.upto))
                     << "%), rare share " << static_cast<int>(1000 * p.rare_share) / 10.0 << "%, "
                     << p.trend << ", ETA " << eta_text(p.eta_seconds) << "  (Ctrl-C stops"
                     << (o.checkpoint.empty() ? "" : " and saves") << ")";
                line.show(text.str());
            }
        };
    }
    std::vector<std::uint32_t> resume;
    if (!o.resume.empty()) {
        resume = read_octal_checkpoint(o.resume, game.code());
        run.resume = resume;
    }
    if (!o.checkpoint.empty()) {
        run.checkpoint = [&](std::span<const std::uint32_t> g) {
            write_octal_checkpoint(o.checkpoint, game.code(), g);
        };
    }
    run.stop_requested = [] { return frontend::InterruptScope::requested(); };
    OctalSequence seq;
    {
        const frontend::InterruptScope ctrl_c;  // Ctrl-C stops (and saves) cleanly
        seq = octal_grundy(game, upto, run);
    }
    line.clear();
    Periodicity per = seq.period;
    if (o.period && !per.found && !seq.stopped) per = octal_period(game, seq.g);
    const std::string name = octal_name(game.code());
    std::string title = "octal game " + game.code() + (name.empty() ? "" : " (" + name + ")");
    if (seq.resumed_from > 0)
        title += "\n(resumed from " + o.resume + ": g(0.." + std::to_string(seq.resumed_from - 1) +
                 ") read back)";
    if (!seq.stopped && seq.computed < seq.g.size()) {
        title +=
            "\n(values from " + std::to_string(seq.computed) + " on follow from the proved period)";
    }
    json extra{
        {"game", "octal"}, {"code", game.code()}, {"name", name}, {"max_take", game.max_take()}};
    if (!seq.common_values.empty()) {
        title += "\nsparse space: common values " + seq.common_values + ", " +
                 std::to_string(seq.rare_positions) + " rare positions";
        extra["common_values"] = seq.common_values;
        extra["rare_positions"] = seq.rare_positions;
    }
    if (seq.stopped && !seq.budget_spent) {
        title += "\nSTOPPED by Ctrl-C: only g(0.." + std::to_string(seq.g.size() - 1) +
                 ") were computed";
        extra["stopped"] = true;
    }
    if (seq.budget_spent) {
        title += "\nBUDGET SPENT after " + format_seconds(o.max_time) +
                 " s (--max-time): only g(0.." + std::to_string(seq.g.size() - 1) +
                 ") were computed";
        extra["budget_spent"] = true;
    }
    print_sequence(title, seq.g, o, o.period && !seq.stopped ? &per : nullptr, since(t0), extra);
    if (seq.budget_spent) {
        throw InputError(
            "octal game " + game.code() + ": the budget --max-time " + format_seconds(o.max_time) +
            " s was spent at n = " + std::to_string(seq.g.size()) + " of " + std::to_string(upto) +
            (o.checkpoint.empty()
                 ? "; raise --max-time (or --no-limit), with --checkpoint FILE to "
                   "be able to resume"
                 : "; checkpoint saved, continue with --resume " + o.checkpoint + " --checkpoint " +
                       o.checkpoint + " and a larger --max-time (or --no-limit)"));
    }
    if (seq.stopped) {
        throw std::runtime_error("stopped by Ctrl-C at n = " + std::to_string(seq.g.size()) +
                                 (o.checkpoint.empty()
                                      ? "; run with --checkpoint FILE to be able to resume"
                                      : "; checkpoint saved, continue with --resume " +
                                            o.checkpoint + " --checkpoint " + o.checkpoint));
    }
}

void run_graph(const std::string& file, bool misere, bool as_json) {
    const auto graph = read_game_graph(file);
    const auto a = analyze_graph(graph);
    std::vector<std::string> draws;
    json verts = json::array();
    for (std::size_t v = 0; v < graph.size(); ++v) {
        if (a.outcome[v] == Outcome::Draw) draws.push_back(graph.name(v));
        json moves = json::array();
        for (const auto w : good_moves(graph, a.outcome, v)) moves.push_back(graph.name(w));
        verts.push_back({{"vertex", graph.name(v)},
                         {"value", value_json(a.value[v])},
                         {"outcome", to_string(a.outcome[v])},
                         {"good_moves", moves}});
    }
    std::unique_ptr<MisereComparison> mis;
    if (misere) mis = std::make_unique<MisereComparison>(compare_misere(graph));
    if (as_json) {
        json j{{"file", file}, {"vertices", verts}, {"acyclic", a.acyclic}, {"draws", draws}};
        if (mis) {
            for (std::size_t v = 0; v < graph.size(); ++v)
                j["vertices"][v]["misere_outcome"] = to_string(mis->misere[v]);
            j["misere_statement"] = mis->statement(graph);
        }
        return print_json(j);
    }
    std::cout << "game graph " << file << ": " << graph.size() << " positions, "
              << (a.acyclic
                      ? "acyclic"
                      : "with cycles (loopy values: inf(K) = infinite with finite followers K)")
              << "\n";
    for (std::size_t v = 0; v < graph.size(); ++v) {
        std::cout << "  " << graph.name(v) << ": g = " << a.value[v].to_string() << ", "
                  << to_string(a.outcome[v]);
        const auto& m = verts[v]["good_moves"];
        if (a.outcome[v] == Outcome::N) {
            std::cout << ", winning moves to";
            for (const auto& x : m) std::cout << " " << x.get<std::string>();
        } else if (a.outcome[v] == Outcome::Draw) {
            std::cout << ", keep the draw by moving to";
            for (const auto& x : m) std::cout << " " << x.get<std::string>();
        }
        if (mis) std::cout << "  [misère " << to_string(mis->misere[v]) << "]";
        std::cout << "\n";
    }
    if (draws.empty()) {
        std::cout << "no draws\n";
    } else {
        std::cout << "draws (" << draws.size() << "):";
        for (const auto& d : draws) std::cout << " " << d;
        std::cout << "\n";
    }
    if (mis) std::cout << mis->statement(graph) << "\n";
}

void run_sum(const std::vector<std::string>& specs, bool as_json) {
    if (specs.empty())
        throw InputError(
            "grundy sum needs games, e.g. \"nim 7\" \"subtraction 1-3 9\" \"octal 0.07 12\"");
    std::vector<SumComponent> comps;
    for (const auto& s : specs) comps.push_back(parse_sum_component(s, kMaxOctalWork));
    const auto a = analyze_sum(comps);
    if (as_json) {
        json c = json::array();
        for (std::size_t i = 0; i < comps.size(); ++i)
            c.push_back({{"component", i + 1},
                         {"game", comps[i].name},
                         {"value", value_json(comps[i].value)}});
        json m = json::array();
        for (const auto& x : a.winning_moves) {
            json e{{"component", x.component + 1},
                   {"game", comps[x.component].name},
                   {"move", x.description},
                   {"value_before", value_json(comps[x.component].value)},
                   {"value_after", x.target_value}};
            if (x.heap_move)
                e.update({{"take", x.heap_move->take},
                          {"left", x.heap_move->left},
                          {"right", x.heap_move->right}});
            m.push_back(e);
        }
        return print_json({{"components", c},
                           {"value", value_json(a.value)},
                           {"outcome", to_string(a.outcome)},
                           {"winning_moves", m}});
    }
    if (comps.size() == 1)
        std::cout << "one game (a sum of one):\n";
    else
        std::cout << "sum of " << comps.size() << " games (numbered from 1):\n";
    for (std::size_t i = 0; i < comps.size(); ++i)
        std::cout << "  " << i + 1 << ". " << comps[i].name
                  << ": g = " << comps[i].value.to_string() << "\n";
    std::cout << "total: g = " << a.value.to_string() << " -> " << describe(a.outcome);
    if (a.outcome == Outcome::N)
        std::cout << "; " << a.winning_moves.size() << " winning move"
                  << (a.winning_moves.size() == 1 ? "" : "s");
    std::cout << "\n";
    for (const auto& m : a.winning_moves) {
        std::cout << "  winning move in game " << m.component + 1 << " (" << comps[m.component].name
                  << "): " << m.description << ", its value becomes " << m.target_value << " (was "
                  << comps[m.component].value.to_string() << ")\n";
    }
}

void run_misere(const std::vector<std::string>& args, bool as_json, bool values,
                const std::string& upto) {
    if (values) {
        if (args.size() != 2)
            throw InputError(
                "grundy misere --values needs a game and its rule: octal CODE | subtraction SET");
        return run_misere_values(args[0], args[1], upto.empty() ? "30" : upto, as_json);
    }
    const SolverGame spec = misere_game(args);
    const ImpartialGame& game = *spec.game;
    const Position& start = spec.start;
    const MiserePositionAnalysis a = analyze_misere_position(game, start);
    std::vector<std::string> winning, differ;
    for (const auto& p : a.misere_winning_moves) winning.push_back(game.describe(p));
    for (const auto& p : a.differing) differ.push_back(game.describe(p));
    if (as_json) {
        return print_json({{"position", game.describe(start)},
                           {"normal_value", value_json(a.normal_value)},
                           {"normal_outcome", to_string(a.normal)},
                           {"misere_outcome", to_string(a.misere)},
                           {"misere_winning_moves_to", winning},
                           {"positions", a.positions},
                           {"differing_positions", differ}});
    }
    std::cout << game.describe(start) << " (" << a.positions
              << " positions reachable, solved by brute force)\n";
    std::cout << "normal play: g = " << a.normal_value.to_string() << ", " << describe(a.normal)
              << "\n";
    std::cout << "misère play: " << describe(a.misere) << "\n";
    if (!winning.empty()) {
        std::cout << "misère winning moves to:";
        for (const auto& w : winning) std::cout << " [" << w << "]";
        std::cout << "\n";
    }
    if (differ.empty()) {
        std::cout << "misère and normal play agree at every reachable position\n";
    } else {
        std::cout << "misère and normal play differ at " << differ.size() << " of " << a.positions
                  << " reachable positions, e.g.:";
        for (std::size_t i = 0; i < differ.size() && i < 10; ++i)
            std::cout << " [" << differ[i] << "]";
        std::cout << "\n(misère play does not follow the xor of Grundy values)\n";
    }
}

}  // namespace

void add_grundy_command(CLI::App& app) {
    auto* g = app.add_subcommand("grundy", "Sprague-Grundy values: subtraction, octal, graph, sum");
    g->require_subcommand(1);

    for (const char* kind : {"subtraction", "octal"}) {
        auto o = std::make_shared<SeqOptions>();
        const bool sub = std::string(kind) == "subtraction";
        auto* c = g->add_subcommand(
            kind, sub ? "subtraction game: g(0..N) for a set like 1,3,4 / 1-3 / odd / even / "
                        "powers-of-2"
                      : "octal game by code (0.77 Kayles, 0.07 Dawson's Kayles, 4.07, ...)");
        c->add_option(sub ? "set" : "code", o->rule,
                      sub ? "subtraction set" : "octal code d0.d1d2...")
            ->required();
        c->add_option("--upto", o->upto, "compute g(0..N) (default 100)");
        c->add_flag("--period", o->period, "find and prove the period");
        c->add_option("--output", o->output, "write every value to FILE as 'n g(n)' lines");
        c->add_flag("--json", o->json, "JSON output");
        c->add_flag("--misere", o->misere,
                    "misère Grundy values g-(n) of single heaps (brute force, --upto <= 1000)");
        if (!sub) {
            c->add_flag("--no-limit", o->no_limit,
                        "compute even when the projected time is beyond --max-time");
            frontend::add_number_option(
                *c, "--max-time", o->max_time,
                "the budget in SECONDS (default 300): the run stops (and saves its "
                "--checkpoint) when it is spent, and is refused at once when even the pace so "
                "far projects it far beyond");
            c->add_option("--checkpoint", o->checkpoint,
                          "save g(0..n) to FILE at every doubling of n and on Ctrl-C");
            c->add_option("--resume", o->resume, "continue from a checkpoint FILE");
            c->add_flag(
                "--progress", o->progress,
                "report each doubling of n on stderr: pairs visited per heap size, rare positions, "
                "common values");
        }
        c->callback([o, sub] { sub ? run_subtraction(*o) : run_octal(*o); });
    }

    struct GraphOpts {
        std::string file;
        bool misere = false, json = false;
    };
    auto go = std::make_shared<GraphOpts>();
    auto* gr = g->add_subcommand(
        "graph", "game on a directed graph from an edge-list file (cycles allowed)");
    gr->add_option("file", go->file, "edge-list file")->required();
    gr->add_flag("--misere", go->misere,
                 "also misère outcomes (brute force) and where they differ");
    gr->add_flag("--json", go->json, "JSON output");
    gr->callback([go] { run_graph(go->file, go->misere, go->json); });

    struct MisOpts {
        std::vector<std::string> args;
        bool json = false, values = false;
        std::string upto;
    };
    auto mo = std::make_shared<MisOpts>();
    auto* mi = g->add_subcommand("misere",
                                 "misère play by brute force: nim HEAPS | octal CODE HEAPS | "
                                 "subtraction SET HEAPS | chocolate M N");
    mi->add_option("game", mo->args, "GAME ARGS...");
    mi->add_flag("--json", mo->json, "JSON output");
    mi->add_flag("--values", mo->values,
                 "misère Grundy values g-(0..N) of single heaps: octal CODE | subtraction SET");
    mi->add_option("--upto", mo->upto, "with --values: the largest heap (default 30)");
    mi->callback([mo] { run_misere(mo->args, mo->json, mo->values, mo->upto); });

    struct SumOpts {
        std::vector<std::string> specs;
        bool json = false;
    };
    auto so = std::make_shared<SumOpts>();
    auto* su = g->add_subcommand(
        "sum", "sum of games, e.g. \"nim 7\" \"subtraction 1-3 9\" \"octal 0.07 12\"");
    su->add_option("games", so->specs,
                   "games: nim H | subtraction SET H | octal CODE H | grundy H | split D H | "
                   "wythoff A B | graph FILE V");
    su->add_flag("--json", so->json, "JSON output");
    su->callback([so] { run_sum(so->specs, so->json); });

    add_lecture_analysis_commands(g);
}

}  // namespace toroid::cli
