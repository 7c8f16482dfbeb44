// Games commands: nim, wythoff, zeckendorf, game-n (this file), grundy
// (grundy.cpp) and play (play.cpp).
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "games/common.hpp"
#include "toroid/error.hpp"
#include "toroid/games/game_spec.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/nim.hpp"
#include "toroid/games/parse.hpp"
#include "toroid/games/wythoff.hpp"

namespace toroid::cli {

using namespace toroid::games;
using nlohmann::json;

namespace {

std::string binary(std::uint64_t x) {
    if (x == 0) return "0";
    std::string s;
    for (; x; x >>= 1) s.insert(s.begin(), static_cast<char>('0' + (x & 1)));
    return s;
}

std::string heaps_text(const std::vector<std::uint64_t>& h) {
    std::string s = "(";
    for (std::size_t i = 0; i < h.size(); ++i) s += (i ? ", " : "") + std::to_string(h[i]);
    return s + ")";
}

struct NimOptions {
    std::vector<std::string> heaps;
    bool misere = false, json = false, count = false;
    std::size_t p_positions = 0;
    std::string max = "";
};

void run_nim(const NimOptions& o) {
    if (o.p_positions > 0) {
        if (o.max.empty()) throw InputError("--p-positions needs --max M (the largest heap)");
        if (!o.heaps.empty())
            throw InputError("--p-positions takes no heaps (got '" + o.heaps[0] + "')");
        const auto max = parse_u64(o.max, "--max");
        const auto k = o.p_positions;
        json j{{"heaps", k}, {"max", max}};
        if (o.count) {
            const auto ordered = count_nim_p_positions_ordered(k, max);
            j["ordered_count"] = ordered;
            if (o.json) return print_json(j);
            std::cout << "P-positions of " << k << "-heap Nim with heaps <= " << max << ": "
                      << ordered << " ordered tuples\n";
            return;
        }
        const auto list = nim_p_positions(k, max);
        j["count"] = list.size();
        j["positions"] = list;
        if (k == 3) j["closed_form_agrees"] = list == nim3_p_positions_closed_form(max);
        if (o.json) return print_json(j);
        std::cout << list.size() << " P-positions of " << k << "-heap Nim with heaps <= " << max
                  << " (listed once, a1 <= a2 <= ...):\n";
        for (const auto& p : list) std::cout << "  " << heaps_text(p) << "\n";
        if (k == 3) {
            std::cout << "closed form (m, p*k + r, (p*k + r) xor m) "
                      << (j["closed_form_agrees"].get<bool>() ? "agrees" : "DISAGREES") << "\n";
        }
        return;
    }
    const auto heaps = parse_heaps(o.heaps);
    const auto x = nim_sum(heaps);
    const auto moves = o.misere ? misere_nim_winning_moves(heaps) : nim_winning_moves(heaps);
    const bool p = o.misere ? misere_nim_is_p(heaps) : x == 0;
    if (o.json) {
        json j{{"heaps", heaps},
               {"nim_sum", x},
               {"misere", o.misere},
               {"outcome", p ? "P" : "N"},
               {"heap_numbering", "from 1"}};
        j["winning_moves"] = json::array();
        for (const auto& m : moves)
            j["winning_moves"].push_back(
                {{"heap", m.heap + 1}, {"take", m.take}, {"new_size", m.new_size}});
        return print_json(j);
    }
    std::cout << (o.misere ? "misère Nim " : "Nim ") << heaps_text(heaps) << "\n";
    std::cout << "nim-sum: " << x << " (binary " << binary(x) << ")\n";
    if (o.misere) {
        std::cout << "misère rule: with every heap <= 1 the position is P iff the number of "
                     "1-heaps is odd; "
                     "otherwise as normal Nim\n";
    }
    if (p) {
        std::cout << "P-position: the player to move loses against perfect play\n";
        return;
    }
    if (x == 0 && std::all_of(heaps.begin(), heaps.end(), [](auto h) { return h == 0; })) {
        // Only in misère play: nobody can move, so the player to move has
        // "made" no last move and wins.
        std::cout << "N-position: no move is possible, so the player to move wins (in misère "
                     "play the player who cannot move wins)\n";
        return;
    }
    std::cout << "N-position: the player to move wins; " << moves.size() << " winning move"
              << (moves.size() == 1 ? "" : "s") << " (heaps numbered from 1):\n";
    for (const auto& m : moves) {
        std::cout << "  take " << m.take << " from heap " << m.heap + 1 << " (" << heaps[m.heap]
                  << " -> " << m.new_size << ")\n";
    }
}

void run_wythoff(const std::vector<std::string>& args, bool list_given, std::size_t list,
                 std::size_t table, bool as_json) {
    json j;
    if (list_given) {
        const auto p = wythoff_p_positions(list);
        j["p_positions"] = json::array();
        for (std::size_t n = 0; n < p.size(); ++n) {
            j["p_positions"].push_back(
                {{"n", n},
                 {"a", p[n].first},
                 {"b", p[n].second},
                 {"a_zeckendorf", zeckendorf_string(p[n].first)},
                 {"b_zeckendorf", zeckendorf_string(p[n].second)},
                 {"zeckendorf_agrees", wythoff_is_p_zeckendorf(p[n].first, p[n].second)}});
        }
        if (!as_json) {
            std::cout << "Wythoff P-positions (a_n = floor(n*phi), b_n = a_n + n; Zeckendorf: b = "
                         "a with a 0 appended)\n";
            if (list == 0) std::cout << "  (none listed: --list 0)\n";
            for (const auto& e : j["p_positions"]) {
                std::cout << "  n=" << e["n"] << "  (" << e["a"] << ", " << e["b"] << ")  "
                          << e["a_zeckendorf"].get<std::string>() << " / "
                          << e["b_zeckendorf"].get<std::string>()
                          << (e["zeckendorf_agrees"].get<bool>() ? "" : "  MISMATCH") << "\n";
            }
        }
    }
    if (table > 0) {
        const auto t = wythoff_grundy_table(table);
        if (as_json) {
            if (table <= 64) {
                json rows = json::array();
                for (std::size_t x = 0; x < table; ++x) {
                    json r = json::array();
                    for (std::size_t y = 0; y < table; ++y) r.push_back(t.at(x, y));
                    rows.push_back(r);
                }
                j["grundy_table"] = rows;
            } else {
                j["grundy_table_size"] = table;
            }
        } else if (table <= 32) {
            std::cout << "Wythoff Grundy values g(x, y), x = row, y = column:\n";
            for (std::size_t x = 0; x < table; ++x) {
                for (std::size_t y = 0; y < table; ++y)
                    std::cout << (y ? " " : "  ") << std::setw(3) << t.at(x, y);
                std::cout << "\n";
            }
        } else {
            std::size_t zeros = 0;
            for (const auto v : t.g) zeros += v == 0;
            std::cout << "Wythoff Grundy table " << table << " x " << table << " computed; "
                      << zeros << " zeros (P-positions); g(" << table - 1 << ", " << table - 1
                      << ") = " << t.at(table - 1, table - 1) << "\n";
        }
    }
    if (!args.empty()) {
        if (args.size() != 2)
            throw InputError("wythoff needs two heaps, e.g. 'toroid wythoff 4 7'");
        const auto a = parse_u64(args[0], "heap 1"), b = parse_u64(args[1], "heap 2");
        const bool p = wythoff_is_p(a, b);
        const bool pz = wythoff_is_p_zeckendorf(a, b);
        const auto moves = wythoff_winning_moves(a, b);
        j["position"] = {a, b};
        j["outcome"] = p ? "P" : "N";
        j["zeckendorf_agrees"] = p == pz;
        j["zeckendorf"] = {zeckendorf_string(a), zeckendorf_string(b)};
        j["winning_moves"] = json::array();
        for (const auto& m : moves)
            j["winning_moves"].push_back(
                {{"take_first", m.take_a}, {"take_second", m.take_b}, {"to", {m.a, m.b}}});
        if (!as_json) {
            std::cout << "Wythoff (" << a << ", " << b << "), Zeckendorf " << zeckendorf_string(a)
                      << " / " << zeckendorf_string(b) << "\n";
            std::cout << (p ? "P-position: the player to move loses"
                            : "N-position: the player to move wins")
                      << " (golden-ratio and Zeckendorf tests " << (p == pz ? "agree" : "DISAGREE")
                      << ")\n";
            for (const auto& m : moves) std::cout << "  " << m.to_string() << "\n";
        }
    }
    if (args.empty() && !list_given && table == 0) {
        throw InputError("wythoff needs two heaps (toroid wythoff 4 7), --list N or --table N");
    }
    if (as_json) print_json(j);
}

void run_zeckendorf(const std::string& arg, bool decode, bool as_json) {
    std::uint64_t n = 0;
    if (decode)
        n = from_zeckendorf(arg);
    else
        n = parse_u64(arg, "number");
    const auto idx = zeckendorf_indices(n);
    const auto digits = zeckendorf_string(n);
    if (as_json) {
        json terms = json::array();
        for (const auto i : idx) terms.push_back({{"index", i}, {"fibonacci", fibonacci(i)}});
        return print_json(
            {{"n", n},
             {"zeckendorf", digits},
             {"terms", terms},
             {"convention", "F1 = F2 = 1, F3 = 2; digits are F2, F3, F4, ... = 1, 2, 3, 5, ..."}});
    }
    std::string values, names;
    for (std::size_t k = 0; k < idx.size(); ++k) {
        values += (k ? " + " : "") + std::to_string(fibonacci(idx[k]));
        names += (k ? " + F" : "F") + std::to_string(idx[k]);
    }
    if (n == 0) values = names = "0 (empty sum)";
    std::cout << n << " = " << values << "\n";
    std::cout << n << " = " << names << "   (F1 = F2 = 1, F3 = 2, F4 = 3, ...)\n";
    std::cout << "Zeckendorf digits: " << digits << "   (base 1, 2, 3, 5, 8, ... from the right)\n";
}

void run_game_n(const std::string& arg, bool as_json) {
    const auto n = parse_u64_max(arg, "N", 100'000);
    if (n == 0) throw InputError("N must be at least 1");
    const GameN game(static_cast<std::int64_t>(n));
    const auto s = solve(game, GameN::start());
    const auto out = s.outcome(GameN::start());
    std::vector<std::int64_t> tiles;
    for (const auto& w : s.winning_moves(GameN::start())) tiles.push_back(w[1]);
    if (as_json) {
        return print_json({{"n", n},
                           {"outcome", to_string(out)},
                           {"first_player_wins", out == Outcome::N},
                           {"winning_first_tiles", tiles},
                           {"positions", s.size()}});
    }
    std::cout << "Game \"N\" with N = " << n
              << " (tiles 1..5, each move a different tile, reach exactly N)\n";
    if (out == Outcome::N) {
        std::cout << "the first player wins by putting the coin on tile";
        for (const auto t : tiles) std::cout << " " << t;
        std::cout << "\n";
    } else {
        std::cout << "the first player loses against perfect play (every first tile loses)\n";
    }
    std::cout << "(" << s.size() << " positions solved; 'toroid play game-n " << n
              << "' to play it)\n";
}

}  // namespace

void add_games_commands(CLI::App& app) {
    auto nim_opts = std::make_shared<NimOptions>();
    auto* nim =
        app.add_subcommand("nim", "Nim: nim-sum, outcome and all winning moves; P-position lists");
    nim->add_option("heaps", nim_opts->heaps, "heap sizes (0 .. 2^64-1)");
    nim->add_flag("--misere", nim_opts->misere, "misère play (the last mover loses)");
    nim->add_option("--p-positions", nim_opts->p_positions, "list the P-positions of K-heap Nim");
    nim->add_option("--max", nim_opts->max, "largest heap for --p-positions");
    nim->add_flag("--count", nim_opts->count, "with --p-positions: only count (ordered tuples)");
    nim->add_flag("--json", nim_opts->json, "JSON output");
    nim->callback([nim_opts] { run_nim(*nim_opts); });

    struct W {
        std::vector<std::string> args;
        std::size_t list = 0, table = 0;
        bool json = false;
    };
    auto w = std::make_shared<W>();
    auto* wy =
        app.add_subcommand("wythoff", "Wythoff's game: P-positions, winning moves, Grundy table");
    wy->add_option("heaps", w->args, "two heaps A B");
    auto* list_opt = wy->add_option(
        "--list", w->list, "list the first N P-positions (golden ratio and Zeckendorf forms)");
    wy->add_option("--table", w->table, "compute the N x N Grundy table (printed up to 32)");
    wy->add_flag("--json", w->json, "JSON output");
    wy->callback(
        [w, list_opt] { run_wythoff(w->args, list_opt->count() > 0, w->list, w->table, w->json); });

    struct Z {
        std::string arg;
        bool decode = false, json = false;
    };
    auto z = std::make_shared<Z>();
    auto* ze = app.add_subcommand(
        "zeckendorf", "Zeckendorf representation (sum of non-consecutive Fibonacci numbers)");
    ze->add_option("number", z->arg, "a number, or with --decode a 0/1 digit string")->required();
    ze->add_flag("--decode", z->decode, "read a Zeckendorf digit string and give the number");
    ze->add_flag("--json", z->json, "JSON output");
    ze->callback([z] { run_zeckendorf(z->arg, z->decode, z->json); });

    struct G {
        std::string arg;
        bool json = false;
    };
    auto gn = std::make_shared<G>();
    auto* gc =
        app.add_subcommand("game-n", "the game \"N\" with domino tiles 1..5: who wins, and how");
    gc->add_option("N", gn->arg, "the target total")->required();
    gc->add_flag("--json", gn->json, "JSON output");
    gc->callback([gn] { run_game_n(gn->arg, gn->json); });

    add_grundy_command(app);
    add_play_command(app);
}

}  // namespace toroid::cli
