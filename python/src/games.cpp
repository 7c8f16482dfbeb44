// toroid.games: impartial games from the games library, with the results
// the commands print with --json (nim, wythoff, zeckendorf, game-n,
// grundy subtraction|octal|sum). Sequences of Grundy values are NumPy
// arrays; everything else is the commands' JSON as dicts and lists.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <chrono>
#include <memory>

#include "bindings.hpp"
#include "interrupt.hpp"
#include "toroid/error.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/nim.hpp"
#include "toroid/games/octal.hpp"
#include "toroid/games/solver.hpp"
#include "toroid/games/subtraction.hpp"
#include "toroid/games/sum.hpp"
#include "toroid/games/wythoff.hpp"

namespace toroid::python {

namespace {

using namespace toroid::games;
using nlohmann::json;

// Work limit of octal components in sums: about five minutes (as the commands).
constexpr std::uint64_t kMaxOctalWork = 300'000'000'000ull;

double since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

nb::object values_array(std::vector<std::uint32_t> g) {
    auto* v = new std::vector<std::uint32_t>(std::move(g));
    nb::capsule owner(v,
                      [](void* p) noexcept { delete static_cast<std::vector<std::uint32_t>*>(p); });
    const std::size_t shape[1] = {v->size()};
    return nb::cast(nb::ndarray<nb::numpy, std::uint32_t, nb::ndim<1>>(v->data(), 1, shape, owner));
}

json period_json(const Periodicity& per, std::size_t upto) {
    json j{{"found", per.found},   {"proved", per.proved},       {"preperiod", per.preperiod},
           {"period", per.period}, {"proved_at", per.proved_at}, {"text", per.to_string()}};
    if (!per.found) j["hint"] = per.hint(upto);
    return j;
}

// `toroid grundy ... --json`: the fields, the values as an array.
nb::dict sequence_dict(json j, std::vector<std::uint32_t> g, const Periodicity* per,
                       double seconds) {
    j["upto"] = g.size() - 1;
    j["seconds"] = seconds;
    if (per) j["period"] = period_json(*per, g.size() - 1);
    nb::dict d = nb::cast<nb::dict>(json_to_python(j));
    d["grundy"] = values_array(std::move(g));
    return d;
}

std::size_t check_upto(std::int64_t upto) {
    if (upto < 0 || upto > 100'000'000)
        throw InputError("upto=" + std::to_string(upto) +
                         " is out of range: expected 0 .. 100000000");
    return std::size_t(upto);
}

nb::object nim(const std::vector<std::uint64_t>& heaps, bool misere) {
    if (heaps.empty()) throw InputError("no heaps given: expected heap sizes such as 3 5 7");
    const auto x = nim_sum(heaps);
    const auto moves = misere ? misere_nim_winning_moves(heaps) : nim_winning_moves(heaps);
    const bool p = misere ? misere_nim_is_p(heaps) : x == 0;
    json j{{"heaps", heaps},
           {"nim_sum", x},
           {"misere", misere},
           {"outcome", p ? "P" : "N"},
           {"heap_numbering", "from 1"}};
    j["winning_moves"] = json::array();
    for (const auto& m : moves)
        j["winning_moves"].push_back(
            {{"heap", m.heap + 1}, {"take", m.take}, {"new_size", m.new_size}});
    return json_to_python(j);
}

nb::object wythoff(std::uint64_t a, std::uint64_t b) {
    const bool p = wythoff_is_p(a, b);
    const bool pz = wythoff_is_p_zeckendorf(a, b);
    const auto moves = wythoff_winning_moves(a, b);
    json j;
    j["position"] = {a, b};
    j["outcome"] = p ? "P" : "N";
    j["zeckendorf_agrees"] = p == pz;
    j["zeckendorf"] = {zeckendorf_string(a), zeckendorf_string(b)};
    j["winning_moves"] = json::array();
    for (const auto& m : moves)
        j["winning_moves"].push_back(
            {{"take_first", m.take_a}, {"take_second", m.take_b}, {"to", {m.a, m.b}}});
    return json_to_python(j);
}

nb::object wythoff_list(std::size_t count) {
    const auto p = wythoff_p_positions(count);
    json list = json::array();
    for (std::size_t n = 0; n < p.size(); ++n)
        list.push_back({{"n", n},
                        {"a", p[n].first},
                        {"b", p[n].second},
                        {"a_zeckendorf", zeckendorf_string(p[n].first)},
                        {"b_zeckendorf", zeckendorf_string(p[n].second)},
                        {"zeckendorf_agrees", wythoff_is_p_zeckendorf(p[n].first, p[n].second)}});
    return json_to_python(list);
}

nb::object wythoff_table(std::size_t n) {
    WythoffTable t = wythoff_grundy_table(n);
    auto* g = new std::vector<std::uint16_t>(std::move(t.g));
    nb::capsule owner(g,
                      [](void* p) noexcept { delete static_cast<std::vector<std::uint16_t>*>(p); });
    const std::size_t shape[2] = {n, n};
    return nb::cast(nb::ndarray<nb::numpy, std::uint16_t, nb::ndim<2>>(g->data(), 2, shape, owner));
}

nb::object zeckendorf(std::uint64_t n) {
    json terms = json::array();
    for (const auto i : zeckendorf_indices(n))
        terms.push_back({{"index", i}, {"fibonacci", fibonacci(i)}});
    return json_to_python(
        {{"n", n},
         {"zeckendorf", zeckendorf_string(n)},
         {"terms", terms},
         {"convention", "F1 = F2 = 1, F3 = 2; digits are F2, F3, F4, ... = 1, 2, 3, 5, ..."}});
}

nb::object game_n(std::uint64_t n) {
    if (n == 0 || n > 100'000)
        throw InputError("N=" + std::to_string(n) + " is out of range: expected 1 .. 100000");
    const GameN game(static_cast<std::int64_t>(n));
    const auto s = solve(game, GameN::start());
    const auto out = s.outcome(GameN::start());
    std::vector<std::int64_t> tiles;
    for (const auto& w : s.winning_moves(GameN::start())) tiles.push_back(w[1]);
    return json_to_python({{"n", n},
                           {"outcome", to_string(out)},
                           {"first_player_wins", out == Outcome::N},
                           {"winning_first_tiles", tiles},
                           {"positions", s.size()}});
}

nb::dict grundy_subtraction(const std::string& set_text, std::int64_t upto, bool period) {
    const auto set = SubtractionSet::parse(set_text);
    const std::size_t n = check_upto(upto);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::uint32_t> g;
    Periodicity per;
    {
        nb::gil_scoped_release released;
        g = subtraction_grundy(set, n);
        if (period) per = subtraction_period(set, g);
    }
    return sequence_dict({{"game", "subtraction"}, {"set", set.to_string()}}, std::move(g),
                         period ? &per : nullptr, since(t0));
}

nb::dict grundy_octal(const std::string& code, std::int64_t upto, bool period, double max_time,
                      unsigned threads) {
    const auto game = OctalGame::parse(code);
    const std::size_t n = check_upto(upto);
    if (max_time < 0) throw InputError("max_time must not be negative (0: no limit)");
    const auto t0 = std::chrono::steady_clock::now();
    OctalRunOptions run;
    run.max_seconds = max_time;
    run.threads = threads;
    SignalWatch watch;
    run.stop_requested = [&] { return watch.stopped(); };
    OctalSequence seq;
    Periodicity per;
    {
        nb::gil_scoped_release released;
        seq = octal_grundy(game, n, run);
        per = seq.period;
        if (period && !per.found && !seq.stopped) per = octal_period(game, seq.g);
    }
    watch.finish();
    const std::string name = octal_name(game.code());
    json extra{
        {"game", "octal"}, {"code", game.code()}, {"name", name}, {"max_take", game.max_take()}};
    if (!seq.common_values.empty()) {
        extra["common_values"] = seq.common_values;
        extra["rare_positions"] = seq.rare_positions;
    }
    return sequence_dict(std::move(extra), std::move(seq.g), period ? &per : nullptr, since(t0));
}

nb::object loopy(const LoopyValue& v) {
    return v.finite ? nb::cast(v.value) : nb::cast(v.to_string());
}

nb::dict grundy_sum(const std::vector<std::string>& specs) {
    if (specs.empty())
        throw InputError(
            "grundy_sum needs games, e.g. \"nim 7\", \"subtraction 1-3 9\", \"octal 0.07 12\"");
    std::vector<SumComponent> comps;
    SumAnalysis a;
    {
        nb::gil_scoped_release released;
        for (const auto& s : specs) comps.push_back(parse_sum_component(s, kMaxOctalWork));
        a = analyze_sum(comps);
    }
    nb::list c;
    for (std::size_t i = 0; i < comps.size(); ++i) {
        nb::dict e;
        e["component"] = i + 1;
        e["game"] = comps[i].name;
        e["value"] = loopy(comps[i].value);
        c.append(e);
    }
    nb::list moves;
    for (const auto& x : a.winning_moves) {
        nb::dict e;
        e["component"] = x.component + 1;
        e["game"] = comps[x.component].name;
        e["move"] = x.description;
        e["value_before"] = loopy(comps[x.component].value);
        e["value_after"] = x.target_value;
        if (x.heap_move) {
            e["take"] = x.heap_move->take;
            e["left"] = x.heap_move->left;
            e["right"] = x.heap_move->right;
        }
        moves.append(e);
    }
    nb::dict d;
    d["components"] = c;
    d["value"] = loopy(a.value);
    d["outcome"] = to_string(a.outcome);
    d["winning_moves"] = moves;
    return d;
}

}  // namespace

void bind_games(nb::module_& m) {
    m.def("nim", &nim, nb::arg("heaps"), nb::arg("misere") = false,
          R"(Nim: nim-sum, outcome and every winning move, as `toroid nim HEAPS --json`.

>>> nim([3, 5, 7])["winning_moves"]
[{'heap': 1, 'new_size': 2, 'take': 1}, {'heap': 2, 'new_size': 4, 'take': 1}, {'heap': 3, 'new_size': 6, 'take': 1}])");
    m.def("wythoff", &wythoff, nb::arg("a"), nb::arg("b"),
          R"(Wythoff's game at heaps (a, b), as `toroid wythoff A B --json`.

>>> wythoff(4, 7)["outcome"]
'P')");
    m.def("wythoff_p_positions", &wythoff_list, nb::arg("count"),
          "The first `count` P-positions, as `toroid wythoff --list N --json`'s p_positions.");
    m.def("wythoff_table", &wythoff_table, nb::arg("n"),
          "Grundy values g(x, y) of Wythoff's game for 0 <= x, y < n: a uint16 array a[x, y].");
    m.def("zeckendorf", &zeckendorf, nb::arg("n"),
          R"(Zeckendorf representation, as `toroid zeckendorf N --json`.

>>> zeckendorf(37)["zeckendorf"]
'10000100')");
    m.def("game_n", &game_n, nb::arg("n"),
          "The game \"N\" (tiles 1..5), as `toroid game-n N --json`.");
    m.def("grundy_subtraction", &grundy_subtraction, nb::arg("set"), nb::arg("upto") = 100,
          nb::arg("period") = false,
          R"(Grundy values g(0..upto) of a subtraction game, as `toroid grundy
subtraction SET --upto N [--period] --json` (grundy: a uint32 array).

>>> grundy_subtraction("1,2", upto=6)["grundy"].tolist()
[0, 1, 2, 0, 1, 2, 0])");
    m.def("grundy_octal", &grundy_octal, nb::arg("code"), nb::arg("upto") = 100,
          nb::arg("period") = false, nb::arg("max_time") = 300.0, nb::arg("threads") = 0,
          R"(Grundy values g(0..upto) of an octal game, as `toroid grundy octal CODE
--upto N [--period] --json`: the GIL is released, Ctrl-C stops it; max_time
refuses runs projected to take longer (0: no limit).

>>> grundy_octal("0.77", upto=8)["grundy"].tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1])");
    m.def("grundy_sum", &grundy_sum, nb::arg("games"),
          R"(A sum of games and every winning move, as `toroid grundy sum SPEC...
--json`; specs such as "nim 7", "subtraction 1-3 9", "octal 0.07 12".)");
}

}  // namespace toroid::python
