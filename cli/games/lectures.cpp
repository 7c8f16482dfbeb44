// `toroid grundy take|compound|split|coins|chocolate|parity`: analysis of the
// lectures' games (value, outcome, every winning move, text or --json).
// Heap games go through HeapSum (one strategy code with `play`), the others
// through the generic solver or their tables in lecture_games.hpp.
#include <iostream>
#include <memory>

#include "games/common.hpp"
#include "toroid/error.hpp"
#include "toroid/games/game_spec.hpp"
#include "toroid/games/heap_rule.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/parse.hpp"
#include "toroid/games/periodicity.hpp"

namespace toroid::cli {

using namespace toroid::games;
using nlohmann::json;

namespace {

// What every analysis prints: the position, its value and outcome, and every
// winning move.
struct Report {
    std::string game, position;
    LoopyValue value;
    Outcome outcome = Outcome::P;
    std::vector<std::string> moves;  // every winning move, in words
    json moves_json = json::array();
    std::vector<std::string> notes;  // extra lines (closed forms, proofs)
    json extra = json::object();
};

void print_report(const Report& r, bool as_json) {
    if (as_json) {
        json j = r.extra;
        j["game"] = r.game;
        j["position"] = r.position;
        j["value"] = value_json(r.value);
        j["outcome"] = to_string(r.outcome);
        j["winning_moves"] = r.moves_json;
        return print_json(j);
    }
    std::cout << r.game << ": " << r.position << "\n";
    std::cout << "g = " << r.value.to_string() << " -> " << describe(r.outcome);
    if (r.outcome == Outcome::N) {
        std::cout << "; " << r.moves.size() << " winning move" << (r.moves.size() == 1 ? "" : "s")
                  << ":\n";
        for (const auto& m : r.moves) std::cout << "  " << m << "\n";
    } else {
        std::cout << "\n";
    }
    for (const auto& n : r.notes) std::cout << n << "\n";
}

std::string heaps_text(const HeapSum& s) {
    std::string t = "heaps";
    for (std::size_t i = 0; i < s.heaps().size(); ++i)
        t += (i ? ", " : " ") + std::to_string(s.heaps()[i].size);
    return t;
}

Report heap_report(const std::string& game, const HeapSum& s) {
    Report r;
    r.game = game;
    r.position = heaps_text(s) + " (numbered from 1)";
    r.value = LoopyValue::of(s.value());
    r.outcome = s.outcome();
    json heaps = json::array();
    std::string values = "values:";
    for (std::size_t i = 0; i < s.heaps().size(); ++i) {
        const auto& h = s.heaps()[i];
        const auto g = h.rule->value(h.size);
        heaps.push_back(
            {{"heap", i + 1}, {"size", h.size}, {"rule", h.rule->name()}, {"value", g}});
        values += " g(heap " + std::to_string(i + 1) + " = " + std::to_string(h.size) + ", " +
                  h.rule->name() + ") = " + std::to_string(g) + ";";
    }
    values.pop_back();
    r.notes.push_back(values + "; the total is their xor");
    r.extra["heaps"] = heaps;
    for (const auto& m : s.winning_moves()) {
        const auto& h = s.heaps()[m.heap];
        const auto before = h.rule->value(h.size);
        const auto after = r.value.value ^ before;
        r.moves.push_back(m.to_string() + " (heap value " + std::to_string(before) + " -> " +
                          std::to_string(after) + ")");
        r.moves_json.push_back({{"heap", m.heap + 1},
                                {"take", m.move.take},
                                {"left", m.move.left},
                                {"right", m.move.right},
                                {"value_before", before},
                                {"value_after", after},
                                {"text", m.to_string()}});
    }
    return r;
}

Report solved_report(const std::string& game, const ImpartialGame& g, const Position& start) {
    const auto s = solve(g, start);
    Report r;
    r.game = game;
    r.position = g.describe(start);
    r.value = s.value(start);
    r.outcome = s.outcome(start);
    for (const auto& q : s.winning_moves(start)) {
        r.moves.push_back(g.describe_move(start, q));
        r.moves_json.push_back({{"text", g.describe_move(start, q)}, {"to", g.describe(q)}});
    }
    r.extra["positions_solved"] = s.size();
    return r;
}

struct Opts {
    std::vector<std::string> args;
    bool json = false, keep_pieces = false;
    std::uint64_t difference = 1, take = 4;
    std::string upto;
};

void run_heaps(const std::string& kind, const Opts& o) {
    const auto s = heap_game(kind, o.args);
    std::string name = kind == "take"       ? "take 1.." + o.args.at(0) + " from one heap"
                       : kind == "compound" ? "compound (heap 1: take 1..3, heap 2: take an odd "
                                              "number, other heaps: Nim)"
                                            : kind;
    print_report(heap_report(name, s), o.json);
}

void run_split(const Opts& o) {
    const SplitGame game(o.difference);
    if (o.args.empty()) {
        const auto upto = parse_u64_max(o.upto.empty() ? "100" : o.upto, "--upto", kMaxSplitHeap);
        const auto g = split_grundy(game, upto);
        if (o.json)
            return print_json({{"game", game.name()},
                               {"min_difference", o.difference},
                               {"upto", upto},
                               {"grundy", g}});
        std::cout << game.name() << " (split one heap into two heaps differing by at least "
                  << o.difference << "): g(0.." << upto << "):";
        for (std::size_t n = 0; n < g.size() && n < 2000; ++n)
            std::cout << (n % 30 == 0 ? "\n  " : " ") << g[n];
        std::cout << "\n";
        return;
    }
    print_report(heap_report(game.name(), split_game(game, o.args)), o.json);
}

void run_coins(const Opts& o) {
    const SolverGame coins = solver_game("coins", o.args);
    auto r =
        solved_report("coins on a strip (move a coin left, no jumping)", *coins.game, coins.start);
    const auto closed = coin_strip_closed_form(coins.start);
    r.notes.push_back(
        "staircase Nim: xor of the gaps in front of the 1st, 3rd, ... coin from the "
        "right = " +
        std::to_string(closed) + (closed == 0 ? " (P)" : " (N)") +
        (((closed == 0) == (r.outcome == Outcome::P)) ? ", agrees" : ", DISAGREES"));
    r.extra["staircase_nim_sum"] = closed;
    print_report(r, o.json);
}

void run_chocolate(const Opts& o) {
    if (o.args.size() != 2)
        throw InputError("chocolate needs the bar size M N, e.g. 'chocolate 4 7'");
    if (!o.keep_pieces) {
        const SolverGame bar = solver_game("chocolate", o.args);
        auto r = solved_report("chocolate bar, break and eat the piece without the poisoned corner",
                               *bar.game, bar.start);
        r.notes.push_back("closed form g = (m-1) xor (n-1) = " +
                          std::to_string(chocolate_closed_form(bar.start[0], bar.start[1])));
        r.extra["rule"] = "eat";
        return print_report(r, o.json);
    }
    const auto m = parse_u64_max(o.args[0], "bar height", 300),
               n = parse_u64_max(o.args[1], "bar width", 300);
    if (m < 1 || n < 1) throw InputError("the bar must be at least 1 x 1");
    const auto t = chocolate_pieces_values(std::max(m, n));
    Report r;
    r.game = "chocolate bar, both pieces stay in play (the last player to break wins)";
    r.position = std::to_string(m) + " x " + std::to_string(n) + " bar";
    r.value = LoopyValue::of(t.at(m, n));
    r.outcome = r.value.outcome();
    if (r.outcome == Outcome::N) {
        for (const ChocolateBreak& x : chocolate_pieces_winning_moves(t, m, n)) {
            const std::string text = "break into " + std::to_string(x.a) + " x " +
                                     std::to_string(x.b) + " and " + std::to_string(x.c) + " x " +
                                     std::to_string(x.d);
            r.moves.push_back(text);
            r.moves_json.push_back({{"text", text}, {"pieces", {{x.a, x.b}, {x.c, x.d}}}});
        }
    }
    r.notes.push_back("every game lasts exactly m*n - 1 = " + std::to_string(m * n - 1) +
                      " breaks, so g = (m*n - 1) mod 2 = " + std::to_string((m * n - 1) % 2) +
                      (((m * n - 1) % 2) == t.at(m, n) ? " (agrees with the table)"
                                                       : " (DISAGREES with the table)"));
    r.extra["rule"] = "keep";
    print_report(r, o.json);
}

void run_parity(const Opts& o) {
    if (o.args.size() != 1)
        throw InputError("parity needs the (odd) number of stones, e.g. 'parity 27'");
    const std::int64_t n = parse_parity_stones(o.args[0]);
    if (o.take < 1 || o.take > 32) throw InputError("--take must be 1..32");
    const auto k = static_cast<std::int64_t>(o.take);
    const auto upto =
        std::max<std::uint64_t>(parse_u64_max(o.upto.empty() ? "30" : o.upto, "--upto", 100000),
                                static_cast<std::uint64_t>(n));
    const ParityGame game(k);
    auto r = solved_report("parity game (take 1.." + std::to_string(k) +
                               "; when the heap is empty the player holding an even number of "
                               "stones wins)",
                           game, ParityGame::start(n));
    r.position = std::to_string(n) + " stones, both players hold none";
    const auto a = analyze_parity_game(k, std::max<std::uint64_t>(upto, 8 * o.take + 8));
    json pp = json::array();
    std::string even = "  mover holds an even number:", odd = "  mover holds an odd number: ";
    for (const ParityPPosition& p : a.odd_total_p_positions(upto)) {
        pp.push_back({{"stones", p.stones},
                      {"mover_parity", p.mover_parity},
                      {"other_parity", p.other_parity}});
        (p.mover_parity ? odd : even) += " " + std::to_string(p.stones);
    }
    r.notes.push_back("P-positions up to " + std::to_string(upto) +
                      " stones (odd total; the other player's parity follows):");
    r.notes.push_back(even);
    r.notes.push_back(odd);
    r.notes.push_back("proof: " + a.proof());
    r.extra["p_positions"] = pp;
    r.extra["period"] = {{"period", a.period},
                         {"preperiod", a.preperiod},
                         {"proved_at", a.proved_at},
                         {"proof", a.proof()}};
    print_report(r, o.json);
}

}  // namespace

void add_lecture_analysis_commands(CLI::App* g) {
    auto add = [g](const std::string& name, const std::string& help, const std::string& args_help,
                   auto run) {
        auto o = std::make_shared<Opts>();
        auto* c = g->add_subcommand(name, help);
        c->add_option("args", o->args, args_help);
        c->add_flag("--json", o->json, "JSON output");
        c->callback([o, run] { run(*o); });
        return std::make_pair(c, o);
    };
    add("take", "take 1..K from one of several heaps: value, outcome, every winning move",
        "K HEAPS...", [](const Opts& o) { run_heaps("take", o); });
    add("compound",
        "the lectures' compound: heap 1 take 1..3, heap 2 take an odd number, other heaps Nim",
        "HEAPS...", [](const Opts& o) { run_heaps("compound", o); });
    auto [sp, so] = add("split",
                        "Grundy's game (split a heap into two unequal heaps) and splitting into "
                        "heaps differing by at least D: values, or a position's winning moves",
                        "HEAPS... (none: the sequence g(0..--upto))", run_split);
    sp->alias("grundys-game");
    sp->add_option("--difference", so->difference,
                   "the two heaps must differ by at least D (1: Grundy's game, the default)");
    sp->add_option("--upto", so->upto, "without heaps: compute g(0..N) (default 100)");
    add("coins", "coins on a strip moved left without jumping: value, outcome, every winning move",
        "CELLS... (0-based cells of the coins)", run_coins);
    auto [ch, co] =
        add("chocolate", "chocolate bar M x N: break and eat (poisoned corner), or --keep-pieces",
            "M N", run_chocolate);
    ch->add_flag("--keep-pieces", co->keep_pieces,
                 "both pieces stay in play (no poison; the last player to break wins)");
    auto [pa, po] =
        add("parity", "the parity game: outcome, winning moves, P-positions and the period proof",
            "N (odd number of stones)", run_parity);
    pa->add_option("--take", po->take, "largest take (default 4)");
    pa->add_option("--upto", po->upto, "list P-positions up to N stones (default 30)");
}

}  // namespace toroid::cli
