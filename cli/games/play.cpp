// `toroid play GAME ...`: interactive play against perfect play.
//
// Only the dialogue lives here: reading one move per line from stdin (works
// when stdin is a pipe), printing positions and explanations (text, or one
// JSON object per line with --json), ending cleanly (exit 0) on EOF or
// 'quit'. The games, legality and strategy come from the library: game specs
// (game_spec.hpp), HeapSum (heap games, every rule in heap_rule.hpp), Wythoff's
// typed moves and winning moves (wythoff.hpp), and SolvedGame for the games
// solved by the generic solver (GraphGame for graphs). Heaps are numbered
// from 1.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "games/common.hpp"
#include "toroid/error.hpp"
#include "toroid/games/game_spec.hpp"
#include "toroid/games/graph_game.hpp"
#include "toroid/games/heap_sum.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/parse.hpp"
#include "toroid/games/wythoff.hpp"

namespace toroid::cli {

using namespace toroid::games;
using nlohmann::ordered_json;  // positions keep their keys in order

namespace {

// Parses a number typed during play; nullopt (not an exception) if bad.
std::optional<std::uint64_t> typed_number(const std::string& s) {
    try {
        return parse_u64(s, "number");
    } catch (const InputError&) {
        return std::nullopt;
    }
}

// One game being played. The dialogue (run_play) asks it for the position,
// hands it the user's line, and asks it for the computer's move.
class Session {
  public:
    virtual ~Session() = default;
    virtual std::string show() const = 0;
    virtual ordered_json position() const = 0;
    virtual std::string syntax() const = 0;
    // "the last mover wins", "the player holding an even number wins", ...
    virtual std::string rule() const { return "the last mover wins"; }
    virtual bool over() const = 0;
    // Who wins when the game is over with `user_to_move`.
    virtual bool user_wins_at_end(bool user_to_move) const { return !user_to_move; }
    virtual std::string end_text(bool user_to_move) const {
        return user_to_move ? "You cannot move." : "I cannot move.";
    }
    // nullopt: move made (its description in *made); otherwise why not.
    virtual std::optional<std::string> user_move(const std::string& line, std::string& made) = 0;
    // Makes the computer's move. `what`: the move; returns the explanation,
    // either "and leave ..." (continuing the sentence) or a sentence of its own.
    // `user_moved`: whether the user has made a move yet.
    virtual std::string computer_move(std::string& what, bool user_moved) = 0;
    virtual std::string list_moves() const { return ""; }
};

std::string no_forced_win(bool user_moved) {
    return user_moved ? "You left me a P-position, so no move of mine wins by force; I wait for "
                        "a mistake."
                      : "This start is a P-position for the player to move, so no move of mine "
                        "wins by force; I wait for a mistake.";
}

// ---- heaps, each with a rule (Nim, subtraction, octal, splitting) ----------

class HeapSession : public Session {
  public:
    explicit HeapSession(HeapSum sum) : sum_(std::move(sum)) {}

    std::string rule() const override {
        return sum_.misere() ? "misère: the last mover loses" : "the last mover wins";
    }
    std::string show() const override {
        std::string s = "heaps:";
        const bool plain = sum_.all_nim();
        for (std::size_t i = 0; i < sum_.heaps().size(); ++i) {
            const auto& h = sum_.heaps()[i];
            s += " [" + std::to_string(i + 1) + "] " + std::to_string(h.size);
            if (!plain)
                s += " (" + h.rule->name() + ", g=" + std::to_string(h.rule->value(h.size)) + ")";
        }
        if (!sum_.misere()) s += "   Grundy total (nim-sum) " + std::to_string(sum_.value());
        return s;
    }
    ordered_json position() const override {
        ordered_json heaps = ordered_json::array();
        for (const auto& h : sum_.heaps())
            heaps.push_back(
                {{"size", h.size}, {"rule", h.rule->name()}, {"value", h.rule->value(h.size)}});
        return {{"heaps", heaps}, {"value", sum_.value()}, {"outcome", to_string(sum_.outcome())}};
    }
    std::string syntax() const override {
        std::string s = "type HEAP TAKE (e.g. '2 3' takes 3 from heap 2, heaps numbered from 1)";
        for (const auto& h : sum_.heaps())
            if (h.rule->move_syntax() != "HEAP TAKE")
                return s + "; " + h.rule->name() + ": " + h.rule->move_syntax();
        return s;
    }
    bool over() const override { return sum_.over(); }
    bool user_wins_at_end(bool user_to_move) const override {
        return user_to_move == sum_.misere();
    }
    std::optional<std::string> user_move(const std::string& line, std::string& made) override {
        const auto w = split_words(line);
        if (w.size() < 2 || w.size() > 3) return "I did not understand '" + line + "'. " + syntax();
        const auto heap = typed_number(w[0]), take = typed_number(w[1]);
        const auto left = w.size() == 3 ? typed_number(w[2]) : std::optional<std::uint64_t>(0);
        if (!heap || !take || !left)
            return std::string("heap, take and split sizes must be non-negative whole numbers");
        if (*heap < 1 || *heap > sum_.heaps().size())
            return "there is no heap " + w[0] + " (heaps are numbered 1 to " +
                   std::to_string(sum_.heaps().size()) + ")";
        if (auto err = sum_.illegal(*heap - 1, *take, *left)) return err;
        const auto m = sum_.typed_move(*heap - 1, *take, *left);
        made = m.to_string();
        sum_.apply(m);
        return std::nullopt;
    }
    std::string computer_move(std::string& what, bool user_moved) override {
        const auto moves = sum_.winning_moves();
        if (!moves.empty()) {
            what = moves.front().to_string();
            sum_.apply(moves.front());
            if (sum_.misere()) {
                bool small = true;
                for (const auto& h : sum_.heaps()) small = small && h.size <= 1;
                return small ? "and leave an odd number of 1-heaps (misère P-position)"
                             : "and leave nim-sum 0 with a heap above 1 (misère P-position)";
            }
            return std::string(sum_.all_nim() ? "and leave nim-sum 0"
                                              : "and leave Grundy total (nim-sum) 0") +
                   ": whatever you do, I can answer.";
        }
        const auto m = sum_.any_move();
        what = m->to_string();
        sum_.apply(*m);
        return no_forced_win(user_moved);
    }

  private:
    HeapSum sum_;
};

// ---- Wythoff ------------------------------------------------------------------

class WythoffSession : public Session {
  public:
    WythoffSession(std::uint64_t a, std::uint64_t b) : a_(a), b_(b) {}
    std::string show() const override {
        return "heaps: (" + std::to_string(a_) + ", " + std::to_string(b_) + ")";
    }
    ordered_json position() const override {
        return {{"heaps", {a_, b_}}, {"outcome", wythoff_is_p(a_, b_) ? "P" : "N"}};
    }
    std::string syntax() const override {
        return "type '1 K' or '2 K' to take K from heap 1 or 2, 'both K' to take K from both";
    }
    bool over() const override { return a_ == 0 && b_ == 0; }
    std::optional<std::string> user_move(const std::string& line, std::string& made) override {
        const auto w = split_words(line);
        if (w.size() != 2) return "I did not understand '" + line + "'. " + syntax();
        const auto k = typed_number(w[1]);
        if (!k) return std::string("K must be a whole number of at least 1");
        const bool both = w[0] == "both" || w[0] == "b";
        const int heap = both ? 0 : w[0] == "1" ? 1 : w[0] == "2" ? 2 : -1;
        if (heap < 0 && *k != 0) return "say which heap: 1, 2 or both. " + syntax();
        if (auto why = wythoff_illegal(a_, b_, heap, *k)) return why;  // K = 0 first
        const WythoffMove m = wythoff_move(a_, b_, heap, *k);
        a_ = m.a;
        b_ = m.b;
        made = both ? "take " + w[1] + " from both heaps" : "take " + w[1] + " from heap " + w[0];
        return std::nullopt;
    }
    std::string computer_move(std::string& what, bool user_moved) override {
        const auto moves = wythoff_winning_moves(a_, b_);
        if (!moves.empty()) {
            const auto m = moves.front();
            a_ = m.a;
            b_ = m.b;
            what = m.to_string();
            return "and leave a P-position: (floor(n*phi), floor(n*phi) + n) with n = " +
                   std::to_string(std::max(a_, b_) - std::min(a_, b_));
        }
        const WythoffMove m = wythoff_stalling_move(a_, b_);
        a_ = m.a;
        b_ = m.b;
        what = "take 1 from the larger heap";
        return no_forced_win(user_moved);
    }

  private:
    std::uint64_t a_, b_;
};

// ---- any game via the generic solver -----------------------------------------

class SolvedSession : public Session {
  public:
    SolvedSession(std::unique_ptr<ImpartialGame> game, Position start, bool parity = false)
        : game_(std::move(game)),
          solved_(solve(*game_, start)),
          pos_(std::move(start)),
          parity_(parity) {}
    std::string show() const override {
        return "position: " + game_->describe(pos_) + "\n" + list_moves();
    }
    ordered_json position() const override {
        return {{"position", game_->describe(pos_)},
                {"value", value_json<ordered_json>(solved_.value(pos_))},
                {"outcome", to_string(solved_.outcome(pos_))}};
    }
    std::string syntax() const override {
        return "type the number of a move from the list (or its text)";
    }
    std::string rule() const override {
        return parity_ ? "when the heap is empty, the player holding an even number of stones wins"
                       : "the last mover wins";
    }
    // The parity game ends when the heap is empty (the solver's extra move to
    // END only encodes who won).
    bool over() const override {
        return parity_ ? ParityGame::heap_empty(pos_) : game_->moves(pos_).empty();
    }
    bool user_wins_at_end(bool user_to_move) const override {
        if (!parity_) return !user_to_move;
        return user_to_move == ParityGame::mover_holds_even(pos_);
    }
    std::string end_text(bool user_to_move) const override {
        if (!parity_) return Session::end_text(user_to_move);
        const bool mover_even = ParityGame::mover_holds_even(pos_);
        const std::string mover = user_to_move ? "you hold" : "I hold";
        return "The heap is empty: " + mover + " an " + (mover_even ? "even" : "odd") +
               " number of stones.";
    }
    std::string list_moves() const override {
        const auto m = game_->moves(pos_);
        if (m.size() > 40)
            return "(" + std::to_string(m.size()) + " moves; type 'moves' to list them)";
        std::string s = "moves:";
        for (std::size_t i = 0; i < m.size(); ++i)
            s += "\n  " + std::to_string(i + 1) + ") " + game_->describe_move(pos_, m[i]);
        return s;
    }
    std::optional<std::string> user_move(const std::string& line, std::string& made) override {
        const auto m = game_->moves(pos_);
        if (const auto k = typed_number(line)) {
            if (*k >= 1 && *k <= m.size()) {
                made = game_->describe_move(pos_, m[*k - 1]);
                pos_ = m[*k - 1];
                return std::nullopt;
            }
            return "there is no move number " + line + " (1 to " + std::to_string(m.size()) + ")";
        }
        for (const auto& q : m)
            if (game_->describe_move(pos_, q) == line || game_->describe(q) == line) {
                made = game_->describe_move(pos_, q);
                pos_ = q;
                return std::nullopt;
            }
        return "'" + line + "' is not one of the legal moves. " + syntax();
    }
    std::string computer_move(std::string& what, bool user_moved) override {
        const auto out = solved_.outcome(pos_);
        const auto good = solved_.winning_moves(pos_);
        const Position to = good.empty() ? game_->moves(pos_).front() : good.front();
        what = game_->describe_move(pos_, to);
        pos_ = to;
        if (out == Outcome::N)
            return "and leave a P-position (Grundy value 0): you cannot win from there.";
        if (out == Outcome::Draw) return "and keep the game drawn (no side can force a win).";
        return no_forced_win(user_moved);
    }

  private:
    std::unique_ptr<ImpartialGame> game_;
    SolvedGame solved_;
    Position pos_;
    bool parity_;
};

std::unique_ptr<Session> make_session(const std::vector<std::string>& a, bool misere) {
    if (a.empty())
        throw InputError(
            "play needs a game: nim, subtraction, octal, grundy, sum, wythoff, game-n, chocolate, "
            "coins, parity, take, compound or graph");
    const std::string& kind = a[0];
    const std::vector<std::string> rest(a.begin() + 1, a.end());
    if (misere && kind != "nim") throw InputError("--misere is available for nim only");
    if (kind == "nim" || kind == "subtraction" || kind == "octal" || kind == "grundy" ||
        kind == "take" || kind == "compound" || kind == "sum")
        return std::make_unique<HeapSession>(heap_game(kind, rest, misere));
    if (kind == "wythoff") {
        if (rest.size() != 2) throw InputError("play wythoff needs two heaps");
        return std::make_unique<WythoffSession>(parse_u64_max(rest[0], "heap 1", kWythoffMaxHeap),
                                                parse_u64_max(rest[1], "heap 2", kWythoffMaxHeap));
    }
    if (kind == "parity") {
        if (rest.size() != 1) throw InputError("play parity needs the (odd) number of stones");
        const std::int64_t n = parse_parity_stones(rest[0]);
        return std::make_unique<SolvedSession>(std::make_unique<ParityGame>(4),
                                               ParityGame::start(n), true);
    }
    if (kind == "graph") {
        if (rest.size() != 2) throw InputError("play graph needs FILE and the start vertex");
        auto game = std::make_unique<GraphGame>(read_game_graph(rest[0]));
        Position start = game->position_of(rest[1], rest[0]);
        return std::make_unique<SolvedSession>(std::move(game), std::move(start));
    }
    if (kind == "game-n" || kind == "chocolate" || kind == "coins") {
        SolverGame g = solver_game(kind, rest);
        return std::make_unique<SolvedSession>(std::move(g.game), std::move(g.start));
    }
    throw InputError("unknown game '" + kind +
                     "' for play: expected nim, subtraction, octal, grundy, sum, wythoff, game-n, "
                     "chocolate, coins, parity, take, compound or graph");
}

// An explanation as a sentence of its own (JSON has no "I take ..." before
// it): "and leave nim-sum 0: ..." becomes "This leaves nim-sum 0: ...".
std::string sentence(const std::string& why) {
    for (const auto& [cont, own] :
         {std::pair<const char*, const char*>{"and leave ", "This leaves "},
          {"and keep ", "This keeps "}})
        if (why.rfind(cont, 0) == 0) {
            std::string s = own + why.substr(std::string(cont).size());
            if (!s.empty() && s.back() != '.') s += '.';
            return s;
        }
    return why;
}

struct PlayOptions {
    std::vector<std::string> args;
    bool misere = false, computer_first = false, json = false;
};

void run_play(const PlayOptions& o) {
    auto s = make_session(o.args, o.misere);
    const bool js = o.json;
    auto emit = [&](const ordered_json& j) {
        frontend::print_ordered_json(j, -1);
    };  // one line, flushed
    if (js) {
        emit({{"event", "start"},
              {"game", o.args[0]},
              {"rule", s->rule()},
              {"syntax", s->syntax()},
              {"position", s->position()}});
    } else {
        std::cout << "Playing " << o.args[0] << " (" << s->rule() << ") against perfect play. "
                  << s->syntax() << "; 'quit' to stop.\n";
    }
    bool user_turn = !o.computer_first, user_moved = false;
    std::string line;
    while (true) {
        if (!js) std::cout << s->show() << "\n";
        if (s->over()) {
            const bool user_wins = s->user_wins_at_end(user_turn);
            if (js)
                emit({{"event", "end"},
                      {"text", s->end_text(user_turn)},
                      {"winner", user_wins ? "you" : "computer"}});
            else
                std::cout << s->end_text(user_turn) << " " << (user_wins ? "You win!" : "I win.")
                          << "\n";
            return;
        }
        if (!user_turn) {
            std::string what;
            const std::string why = s->computer_move(what, user_moved);
            if (js)
                emit({{"event", "move"},
                      {"by", "computer"},
                      {"move", what},
                      {"explanation", sentence(why)},
                      {"position", s->position()}});
            else
                std::cout << "I " << what << (why.rfind("and ", 0) == 0 ? " " : ". ") << why
                          << "\n";
            user_turn = true;
            continue;
        }
        while (true) {
            if (!js) std::cout << "your move> " << std::flush;
            if (!std::getline(std::cin, line)) {
                if (js)
                    emit({{"event", "input_ended"}});
                else
                    std::cout << "\ninput ended; goodbye.\n";
                return;
            }
            const auto w = split_words(line);
            if (w.empty()) continue;
            if (w[0] == "quit" || w[0] == "q" || w[0] == "exit") {
                if (js)
                    emit({{"event", "quit"}});
                else
                    std::cout << "goodbye.\n";
                return;
            }
            if (w[0] == "help" || w[0] == "?" || w[0] == "moves") {
                const std::string text = w[0] == "moves" ? s->list_moves() : s->syntax();
                if (js)
                    emit({{"event", "help"}, {"text", text}});
                else
                    std::cout << text << "\n";
                continue;
            }
            std::string joined, made;
            for (const auto& x : w) joined += (joined.empty() ? "" : " ") + x;
            if (auto err = s->user_move(joined, made)) {
                if (js)
                    emit({{"event", "illegal"}, {"input", joined}, {"reason", *err}});
                else
                    std::cout << "Sorry, that move is not allowed: " << *err
                              << ". Please try again.\n";
                continue;
            }
            if (js)
                emit({{"event", "move"},
                      {"by", "you"},
                      {"move", made},
                      {"position", s->position()}});
            break;
        }
        user_turn = false;
        user_moved = true;
    }
}

}  // namespace

void add_play_command(CLI::App& app) {
    auto p = std::make_shared<PlayOptions>();
    auto* c = app.add_subcommand("play", "play a game against perfect play (moves from stdin)");
    c->add_option("game", p->args,
                  "GAME ARGS...: nim 3 5 7 | subtraction 1-3 9 6 | octal 0.07 12 | grundy 9 7 | "
                  "sum \"nim 7\" ... | wythoff 4 7 | game-n 21 | chocolate 4 7 | coins 1 4 6 | "
                  "parity 27 | take 3 9 6 | compound 7 6 5 | graph FILE START");
    c->add_flag("--misere", p->misere, "misère Nim (the last mover loses)");
    c->add_flag("--computer-first", p->computer_first, "let the computer move first");
    c->add_flag("--json", p->json,
                "one JSON object per line for each event (start, move, illegal, end)");
    c->callback([p] { run_play(*p); });
}

}  // namespace toroid::cli
