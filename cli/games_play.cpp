// `toroid play GAME ...`: interactive play against perfect play.
//
// Reads one move per line from stdin (works when stdin is a pipe), explains
// every computer move, refuses illegal moves politely, ends cleanly (exit 0)
// on EOF or 'quit'. Games: nim / subtraction / octal / sum (heaps, each with
// its rule; octal moves may split a heap), wythoff, and the games solved by
// the generic solver: game-n, chocolate, coins, parity, take, compound, graph.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "games_common.hpp"
#include "toroid/error.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/nim.hpp"
#include "toroid/games/parse.hpp"
#include "toroid/games/subtraction.hpp"
#include "toroid/games/wythoff.hpp"

namespace toroid::cli {

using namespace toroid::games;

namespace {

std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> w;
    for (std::string t; in >> t;) w.push_back(t);
    return w;
}

// Parses a number typed during play; nullopt (not an exception) if bad.
std::optional<std::uint64_t> typed_number(const std::string& s) {
    try {
        return parse_u64(s, "number");
    } catch (const InputError&) {
        return std::nullopt;
    }
}

class Session {
  public:
    virtual ~Session() = default;
    virtual std::string show() const = 0;
    virtual std::string syntax() const = 0;
    virtual bool over() const = 0;
    virtual bool misere() const { return false; }
    // nullopt: move made; otherwise the reason it is not allowed.
    virtual std::optional<std::string> user_move(const std::string& line) = 0;
    // Makes the computer's move and explains it ("I take 1 from heap 3 and leave nim-sum 0").
    virtual std::string computer_move() = 0;
    virtual std::string list_moves() const { return ""; }
};

// ---- heaps, each with a rule (Nim, subtraction, octal) ----------------------

struct HeapRule {
    virtual ~HeapRule() = default;
    virtual std::string name() const = 0;
    virtual std::uint64_t value(std::uint64_t h) const = 0;
    virtual std::optional<OctalMove> move_to_value(std::uint64_t h, std::uint64_t target) const = 0;
    virtual std::optional<OctalMove> any_move(std::uint64_t h) const = 0;
    // nullopt if the move is legal, else why not. split_left = 0: no split.
    virtual std::optional<std::string> check(std::uint64_t h, std::uint64_t take,
                                             std::uint64_t split_left) const = 0;
};

struct NimRule : HeapRule {
    std::string name() const override { return "nim"; }
    std::uint64_t value(std::uint64_t h) const override { return h; }
    std::optional<OctalMove> move_to_value(std::uint64_t h, std::uint64_t t) const override {
        if (t >= h) return std::nullopt;
        return OctalMove{static_cast<std::size_t>(h - t), 0, t};
    }
    std::optional<OctalMove> any_move(std::uint64_t h) const override {
        if (h == 0) return std::nullopt;
        return OctalMove{1, 0, h - 1};
    }
    std::optional<std::string> check(std::uint64_t h, std::uint64_t take,
                                     std::uint64_t left) const override {
        if (left) return "Nim heaps cannot be split";
        if (take == 0) return "you must take at least one stone";
        if (take > h)
            return "that heap has only " + std::to_string(h) + " stone" + (h == 1 ? "" : "s");
        return std::nullopt;
    }
};

struct SubtractionRule : HeapRule {
    SubtractionSet set;
    std::vector<std::uint32_t> g;
    SubtractionRule(SubtractionSet s, std::uint64_t max_heap)
        : set(std::move(s)), g(subtraction_grundy(set, max_heap)) {}
    std::string name() const override { return "subtraction {" + set.to_string() + "}"; }
    std::uint64_t value(std::uint64_t h) const override { return g[h]; }
    std::optional<OctalMove> move_to_value(std::uint64_t h, std::uint64_t t) const override {
        for (const auto s : set.elements_upto(h))
            if (g[h - s] == t) return OctalMove{static_cast<std::size_t>(s), 0, h - s};
        return std::nullopt;
    }
    std::optional<OctalMove> any_move(std::uint64_t h) const override {
        const auto e = set.elements_upto(h);
        if (e.empty()) return std::nullopt;
        return OctalMove{static_cast<std::size_t>(e.front()), 0, h - e.front()};
    }
    std::optional<std::string> check(std::uint64_t h, std::uint64_t take,
                                     std::uint64_t left) const override {
        if (left) return "subtraction game heaps cannot be split";
        if (!set.contains(take))
            return "taking " + std::to_string(take) + " is not in the set {" + set.to_string() +
                   "}";
        if (take > h) return "that heap has only " + std::to_string(h) + " tokens";
        return std::nullopt;
    }
};

struct OctalRule : HeapRule {
    OctalGame game;
    std::vector<std::uint32_t> g;
    OctalRule(OctalGame gm, std::uint64_t max_heap)
        : game(std::move(gm)), g(octal_grundy(game, max_heap, true, kMaxOctalWork).g) {}
    std::string name() const override { return "octal " + game.code(); }
    std::uint64_t value(std::uint64_t h) const override { return g[h]; }
    std::optional<OctalMove> move_to_value(std::uint64_t h, std::uint64_t t) const override {
        for (const auto& m : octal_moves(game, h))
            if ((g[m.left] ^ g[m.right]) == t) return m;
        return std::nullopt;
    }
    std::optional<OctalMove> any_move(std::uint64_t h) const override {
        const auto m = octal_moves(game, h);
        if (m.empty()) return std::nullopt;
        return m.front();
    }
    std::optional<std::string> check(std::uint64_t h, std::uint64_t take,
                                     std::uint64_t left) const override {
        if (take > game.max_take() || take > h) {
            return "in " + game.code() + " you may take at most " +
                   std::to_string(std::min<std::uint64_t>(game.max_take(), h));
        }
        const unsigned d = game.digit(take);
        const std::uint64_t r = h - take;
        if (left) {
            if (!(d & 4))
                return "taking " + std::to_string(take) + " may not split the heap in " +
                       game.code();
            if (left >= r)
                return "a split must leave two non-empty heaps (left part 1.." +
                       std::to_string(r ? r - 1 : 0) + ")";
            return std::nullopt;
        }
        if (take == 0) return "taking 0 is only allowed as a split (give the left part)";
        if (r == 0 && !(d & 1))
            return "taking " + std::to_string(take) + " may not remove the whole heap in " +
                   game.code();
        if (r > 0 && !(d & 2)) {
            return "taking " + std::to_string(take) + " must " +
                   ((d & 4) ? "split the rest (give the left part)" : "remove the whole heap");
        }
        return std::nullopt;
    }
};

class HeapSession : public Session {
  public:
    HeapSession(std::vector<std::uint64_t> heaps, std::vector<std::shared_ptr<HeapRule>> rules,
                bool misere_nim)
        : heaps_(std::move(heaps)), rules_(std::move(rules)), misere_(misere_nim) {}

    bool misere() const override { return misere_; }
    std::string show() const override {
        std::string s = "heaps:";
        for (std::size_t i = 0; i < heaps_.size(); ++i) {
            s += " [" + std::to_string(i + 1) + "] " + std::to_string(heaps_[i]);
            if (!all_nim())
                s += " (" + rules_[i]->name() +
                     ", g=" + std::to_string(rules_[i]->value(heaps_[i])) + ")";
        }
        if (!misere_) s += "   Grundy total (nim-sum) " + std::to_string(total());
        return s;
    }
    std::string syntax() const override {
        return "type HEAP TAKE (e.g. '2 3' takes 3 from heap 2); for a split add the size of the "
               "left part: "
               "HEAP TAKE LEFT";
    }
    bool over() const override {
        for (std::size_t i = 0; i < heaps_.size(); ++i)
            if (rules_[i]->any_move(heaps_[i])) return false;
        return true;
    }
    std::optional<std::string> user_move(const std::string& line) override {
        const auto w = words(line);
        if (w.size() < 2 || w.size() > 3) return "I did not understand '" + line + "'. " + syntax();
        const auto heap = typed_number(w[0]), take = typed_number(w[1]);
        const auto left = w.size() == 3 ? typed_number(w[2]) : std::optional<std::uint64_t>(0);
        if (!heap || !take || !left)
            return "heap, take and split sizes must be non-negative whole numbers";
        if (*heap < 1 || *heap > heaps_.size()) {
            return "there is no heap " + w[0] + " (heaps are numbered 1 to " +
                   std::to_string(heaps_.size()) + ")";
        }
        const std::size_t i = *heap - 1;
        if (auto err = rules_[i]->check(heaps_[i], *take, *left)) return *err;
        apply(i, OctalMove{static_cast<std::size_t>(*take), *left, heaps_[i] - *take - *left});
        return std::nullopt;
    }
    std::string computer_move() override {
        if (misere_) return misere_move();
        const std::uint64_t x = total();
        if (x != 0) {
            for (std::size_t i = 0; i < heaps_.size(); ++i) {
                const auto gi = rules_[i]->value(heaps_[i]);
                if ((gi ^ x) >= gi) continue;
                if (auto m = rules_[i]->move_to_value(heaps_[i], gi ^ x)) {
                    const std::string what = describe(i, *m);
                    apply(i, *m);
                    return what +
                           (all_nim() ? " and leave nim-sum 0"
                                      : " and leave Grundy total (nim-sum) 0") +
                           ": whatever you do, I can answer.";
                }
            }
        }
        for (std::size_t i = 0; i < heaps_.size(); ++i)
            if (auto m = rules_[i]->any_move(heaps_[i])) {
                const std::string what = describe(i, *m);
                apply(i, *m);
                return what +
                       ". You left nim-sum 0, so no move of mine wins by force; I wait for a "
                       "mistake.";
            }
        return "cannot move";
    }

  private:
    bool all_nim() const {
        for (const auto& r : rules_)
            if (r->name() != "nim") return false;
        return true;
    }
    std::uint64_t total() const {
        std::uint64_t x = 0;
        for (std::size_t i = 0; i < heaps_.size(); ++i) x ^= rules_[i]->value(heaps_[i]);
        return x;
    }
    std::string describe(std::size_t i, const OctalMove& m) const {
        std::string s = "take " + std::to_string(m.take) + " from heap " + std::to_string(i + 1);
        if (m.left)
            s += ", splitting the rest into " + std::to_string(m.left) + " and " +
                 std::to_string(m.right);
        return s;
    }
    void apply(std::size_t i, const OctalMove& m) {
        // OctalMove: one heap is in `right`, a split has both parts.
        heaps_[i] = m.left ? m.left : m.right;
        if (m.left) {
            heaps_.insert(heaps_.begin() + static_cast<std::ptrdiff_t>(i) + 1, m.right);
            rules_.insert(rules_.begin() + static_cast<std::ptrdiff_t>(i) + 1, rules_[i]);
        }
    }
    std::string misere_move() {
        const auto moves = misere_nim_winning_moves(heaps_);
        if (!moves.empty()) {
            const auto& m = moves.front();
            const std::string what =
                "take " + std::to_string(m.take) + " from heap " + std::to_string(m.heap + 1);
            heaps_[m.heap] = m.new_size;
            bool small = true;
            for (const auto h : heaps_) small = small && h <= 1;
            return what + (small ? " and leave an odd number of 1-heaps (misère P-position)"
                                 : " and leave nim-sum 0 with a heap above 1 (misère P-position)");
        }
        for (std::size_t i = 0; i < heaps_.size(); ++i)
            if (heaps_[i] > 0) {
                --heaps_[i];
                return "take 1 from heap " + std::to_string(i + 1) +
                       ". You left a misère P-position, so I cannot win by force; I wait for a "
                       "mistake.";
            }
        return "cannot move";
    }

    std::vector<std::uint64_t> heaps_;
    std::vector<std::shared_ptr<HeapRule>> rules_;
    bool misere_;
};

// ---- Wythoff ------------------------------------------------------------------

class WythoffSession : public Session {
  public:
    WythoffSession(std::uint64_t a, std::uint64_t b) : a_(a), b_(b) {}
    std::string show() const override {
        return "heaps: (" + std::to_string(a_) + ", " + std::to_string(b_) + ")";
    }
    std::string syntax() const override {
        return "type '1 K' or '2 K' to take K from heap 1 or 2, 'both K' to take K from both";
    }
    bool over() const override { return a_ == 0 && b_ == 0; }
    std::optional<std::string> user_move(const std::string& line) override {
        const auto w = words(line);
        if (w.size() != 2) return "I did not understand '" + line + "'. " + syntax();
        const auto k = typed_number(w[1]);
        if (!k || *k == 0) return "K must be a whole number of at least 1";
        if (w[0] == "1") {
            if (*k > a_) return "heap 1 has only " + std::to_string(a_);
            a_ -= *k;
        } else if (w[0] == "2") {
            if (*k > b_) return "heap 2 has only " + std::to_string(b_);
            b_ -= *k;
        } else if (w[0] == "both" || w[0] == "b") {
            if (*k > std::min(a_, b_))
                return "you can take at most " + std::to_string(std::min(a_, b_)) + " from both";
            a_ -= *k;
            b_ -= *k;
        } else {
            return "say which heap: 1, 2 or both. " + syntax();
        }
        return std::nullopt;
    }
    std::string computer_move() override {
        const auto moves = wythoff_winning_moves(a_, b_);
        if (!moves.empty()) {
            const auto m = moves.front();
            a_ = m.a;
            b_ = m.b;
            return m.to_string() + ", a P-position: (floor(n*phi), floor(n*phi) + n) with n = " +
                   std::to_string(std::max(a_, b_) - std::min(a_, b_));
        }
        if (a_ >= b_)
            --a_;
        else
            --b_;
        return "take 1 from the larger heap. You left a P-position, so I wait for a mistake.";
    }

  private:
    std::uint64_t a_, b_;
};

// ---- any game via the generic solver -----------------------------------------

class GraphGame : public ImpartialGame {
  public:
    explicit GraphGame(GameGraph g) : graph_(std::move(g)) {}
    std::vector<Position> moves(const Position& p) const override {
        std::vector<Position> out;
        for (const auto w : graph_.moves(static_cast<std::size_t>(p[0])))
            out.push_back({static_cast<std::int64_t>(w)});
        return out;
    }
    std::string describe(const Position& p) const override {
        return graph_.name(static_cast<std::size_t>(p[0]));
    }
    std::string describe_move(const Position&, const Position& to) const override {
        return "move to " + describe(to);
    }
    const GameGraph& graph() const { return graph_; }

  private:
    GameGraph graph_;
};

class SolvedSession : public Session {
  public:
    SolvedSession(std::unique_ptr<ImpartialGame> game, Position start)
        : game_(std::move(game)), solved_(solve(*game_, start)), pos_(std::move(start)) {}
    std::string show() const override {
        return "position: " + game_->describe(pos_) + "\n" + list_moves();
    }
    std::string syntax() const override {
        return "type the number of a move from the list (or its text)";
    }
    bool over() const override { return game_->moves(pos_).empty(); }
    std::string list_moves() const override {
        const auto m = game_->moves(pos_);
        if (m.size() > 40)
            return "(" + std::to_string(m.size()) + " moves; type 'moves' to list them)";
        std::string s = "moves:";
        for (std::size_t i = 0; i < m.size(); ++i)
            s += "\n  " + std::to_string(i + 1) + ") " + game_->describe_move(pos_, m[i]);
        return s;
    }
    std::optional<std::string> user_move(const std::string& line) override {
        const auto m = game_->moves(pos_);
        if (const auto k = typed_number(line)) {
            if (*k >= 1 && *k <= m.size()) {
                pos_ = m[*k - 1];
                return std::nullopt;
            }
            return "there is no move number " + line + " (1 to " + std::to_string(m.size()) + ")";
        }
        for (const auto& q : m)
            if (game_->describe_move(pos_, q) == line || game_->describe(q) == line) {
                pos_ = q;
                return std::nullopt;
            }
        return "'" + line + "' is not one of the legal moves. " + syntax();
    }
    std::string computer_move() override {
        const auto out = solved_.outcome(pos_);
        const auto good = solved_.winning_moves(pos_);
        Position to = good.empty() ? game_->moves(pos_).front() : good.front();
        std::string what = game_->describe_move(pos_, to);
        std::string why;
        if (out == Outcome::N)
            why = " and leave a P-position (Grundy value 0): you cannot win from there.";
        else if (out == Outcome::Draw)
            why = " and keep the game drawn (no side can force a win).";
        else
            why = ". You left me a P-position, so I wait for a mistake.";
        pos_ = to;
        return what + why;
    }

  private:
    std::unique_ptr<ImpartialGame> game_;
    SolvedGame solved_;
    Position pos_;
};

constexpr double kMaxPlayPositions = 2'000'000;

// Refuses before enumerating when a game would have too many positions.
void check_size(double positions, const std::string& what) {
    if (positions > kMaxPlayPositions) {
        throw InputError(
            "game too large to enumerate: " + what + " has about " +
            std::to_string(static_cast<long long>(positions)) +
            " positions (at most 2000000); give a smaller bound (smaller heaps or board)");
    }
}

std::int64_t small(const std::string& s, const std::string& what, std::uint64_t max = 1'000'000) {
    return static_cast<std::int64_t>(parse_u64_max(s, what, max));
}

std::unique_ptr<Session> make_session(const std::vector<std::string>& a, bool misere) {
    if (a.empty())
        throw InputError(
            "play needs a game: nim, subtraction, octal, sum, wythoff, game-n, chocolate, "
            "coins, parity, take, compound or graph");
    const std::string& kind = a[0];
    const std::vector<std::string> rest(a.begin() + 1, a.end());
    if (misere && kind != "nim") throw InputError("--misere is available for nim only");
    constexpr std::uint64_t kMaxTableHeap = 10'000'000;
    if (kind == "nim") {
        const auto heaps = parse_heaps(rest);
        std::vector<std::shared_ptr<HeapRule>> rules(heaps.size(), std::make_shared<NimRule>());
        return std::make_unique<HeapSession>(heaps, rules, misere);
    }
    if (kind == "subtraction" || kind == "octal") {
        if (rest.empty())
            throw InputError("play " + kind + " needs a " + (kind == "octal" ? "code" : "set") +
                             " and heaps");
        const std::vector<std::string> hs(rest.begin() + 1, rest.end());
        const auto heaps = parse_heaps(hs);
        std::uint64_t mx = 0;
        for (const auto h : heaps) {
            if (h > kMaxTableHeap)
                throw InputError("heap " + std::to_string(h) +
                                 " is too large to play (at most 10000000)");
            mx = std::max(mx, h);
        }
        std::shared_ptr<HeapRule> rule;
        if (kind == "octal")
            rule = std::make_shared<OctalRule>(OctalGame::parse(rest[0]), mx);
        else
            rule = std::make_shared<SubtractionRule>(SubtractionSet::parse(rest[0]), mx);
        return std::make_unique<HeapSession>(
            heaps, std::vector<std::shared_ptr<HeapRule>>(heaps.size(), rule), false);
    }
    if (kind == "sum") {
        std::vector<std::uint64_t> heaps;
        std::vector<std::shared_ptr<HeapRule>> rules;
        for (const auto& spec : rest) {
            const auto w = words(spec);
            if (w.size() == 2 && w[0] == "nim") {
                heaps.push_back(parse_u64(w[1], "nim heap"));
                rules.push_back(std::make_shared<NimRule>());
            } else if (w.size() == 3 && (w[0] == "subtraction" || w[0] == "octal")) {
                const auto h = parse_u64_max(w[2], "heap", kMaxTableHeap);
                heaps.push_back(h);
                if (w[0] == "octal")
                    rules.push_back(std::make_shared<OctalRule>(OctalGame::parse(w[1]), h));
                else
                    rules.push_back(
                        std::make_shared<SubtractionRule>(SubtractionSet::parse(w[1]), h));
            } else {
                throw InputError(
                    "play sum: cannot read game '" + spec +
                    "': expected \"nim H\", \"subtraction SET H\" or \"octal CODE H\"");
            }
        }
        if (heaps.empty())
            throw InputError("play sum needs games, e.g. \"nim 7\" \"octal 0.07 12\"");
        return std::make_unique<HeapSession>(heaps, rules, false);
    }
    if (kind == "wythoff") {
        if (rest.size() != 2) throw InputError("play wythoff needs two heaps");
        return std::make_unique<WythoffSession>(parse_u64_max(rest[0], "heap 1", kWythoffMaxHeap),
                                                parse_u64_max(rest[1], "heap 2", kWythoffMaxHeap));
    }
    if (kind == "game-n") {
        if (rest.size() != 1) throw InputError("play game-n needs N");
        const auto n = small(rest[0], "N", 100000);
        if (n < 1) throw InputError("N must be at least 1");
        return std::make_unique<SolvedSession>(std::make_unique<GameN>(n), GameN::start());
    }
    if (kind == "chocolate") {
        if (rest.size() != 2) throw InputError("play chocolate needs the bar size M N");
        const auto m = small(rest[0], "bar height", 2000), n = small(rest[1], "bar width", 2000);
        if (m < 1 || n < 1) throw InputError("the bar must be at least 1 x 1");
        return std::make_unique<SolvedSession>(std::make_unique<ChocolateBar>(), Position{m, n});
    }
    if (kind == "coins") {
        if (rest.empty()) throw InputError("play coins needs the coins' cells, e.g. 'coins 1 4 6'");
        Position cells;
        for (const auto& c : rest) cells.push_back(small(c, "coin cell", 60));
        std::sort(cells.begin(), cells.end());
        if (std::adjacent_find(cells.begin(), cells.end()) != cells.end())
            throw InputError("two coins on one cell");
        double size = 1;  // C(last cell + 1, coins)
        for (std::size_t i = 0; i < cells.size(); ++i)
            size = size * static_cast<double>(cells.back() + 1 - static_cast<std::int64_t>(i)) /
                   static_cast<double>(i + 1);
        check_size(size, "this coin strip");
        return std::make_unique<SolvedSession>(std::make_unique<CoinStrip>(), cells);
    }
    if (kind == "parity") {
        if (rest.size() != 1) throw InputError("play parity needs the (odd) number of stones");
        const auto n = small(rest[0], "stones", 100000);
        if (n % 2 == 0)
            throw InputError("the parity game needs an odd number of stones (got " + rest[0] + ")");
        return std::make_unique<SolvedSession>(std::make_unique<ParityGame>(4),
                                               ParityGame::start(n));
    }
    if (kind == "take" || kind == "compound") {
        std::size_t first = 0;
        std::int64_t k = 3;
        if (kind == "take") {
            if (rest.size() < 2)
                throw InputError("play take needs K and heaps, e.g. 'take 3 9 6 5 4'");
            k = small(rest[0], "K");
            if (k < 1) throw InputError("K must be at least 1");
            first = 1;
        }
        Position p;
        for (std::size_t i = first; i < rest.size(); ++i)
            p.push_back(small(rest[i], "heap", 10000));
        if (p.empty()) throw InputError("no heaps given");
        double size = 1;
        for (const auto h : p) size *= static_cast<double>(h + 1);
        check_size(size, kind + " with these heaps");
        if (kind == "take")
            return std::make_unique<SolvedSession>(std::make_unique<TakeHeapsGame>(k), p);
        return std::make_unique<SolvedSession>(std::make_unique<CompoundGame>(), p);
    }
    if (kind == "graph") {
        if (rest.size() != 2) throw InputError("play graph needs FILE and the start vertex");
        auto game = std::make_unique<GraphGame>(read_game_graph(rest[0]));
        const auto v = game->graph().find(rest[1]);
        if (!v) throw InputError("vertex '" + rest[1] + "' is not in " + rest[0]);
        return std::make_unique<SolvedSession>(std::move(game),
                                               Position{static_cast<std::int64_t>(*v)});
    }
    throw InputError("unknown game '" + kind +
                     "' for play: expected nim, subtraction, octal, sum, wythoff, game-n, "
                     "chocolate, coins, parity, take, compound or graph");
}

void run_play(const std::vector<std::string>& args, bool misere, bool computer_first) {
    auto s = make_session(args, misere);
    std::cout << "Playing " << args[0]
              << (misere ? " (misère: the last mover loses)" : " (the last mover wins)")
              << " against perfect play. " << s->syntax() << "; 'quit' to stop.\n";
    bool user_turn = !computer_first;
    std::string line;
    while (true) {
        std::cout << s->show() << "\n";
        if (s->over()) {
            const bool user_wins = user_turn == s->misere();
            std::cout << (user_turn ? "You cannot move. " : "I cannot move. ")
                      << (user_wins ? "You win!" : "I win.") << "\n";
            return;
        }
        if (!user_turn) {
            std::cout << "I " << s->computer_move() << "\n";
            user_turn = true;
            continue;
        }
        while (true) {
            std::cout << "your move> " << std::flush;
            if (!std::getline(std::cin, line)) {
                std::cout << "\ninput ended; goodbye.\n";
                return;
            }
            const auto w = words(line);
            if (w.empty()) continue;
            if (w[0] == "quit" || w[0] == "q" || w[0] == "exit") {
                std::cout << "goodbye.\n";
                return;
            }
            if (w[0] == "help" || w[0] == "?") {
                std::cout << s->syntax() << "\n";
                continue;
            }
            if (w[0] == "moves") {
                std::cout << s->list_moves() << "\n";
                continue;
            }
            std::string joined;
            for (const auto& x : w) joined += (joined.empty() ? "" : " ") + x;
            if (auto err = s->user_move(joined)) {
                std::cout << "Sorry, that move is not allowed: " << *err << ". Please try again.\n";
                continue;
            }
            break;
        }
        user_turn = false;
    }
}

}  // namespace

void add_play_command(CLI::App& app) {
    struct P {
        std::vector<std::string> args;
        bool misere = false, computer_first = false;
    };
    auto p = std::make_shared<P>();
    auto* c = app.add_subcommand("play", "play a game against perfect play (moves from stdin)");
    c->add_option(
        "game", p->args,
        "GAME ARGS...: nim 3 5 7 | subtraction 1-3 9 6 | octal 0.07 12 | sum \"nim 7\" ... | "
        "wythoff 4 7 | game-n 21 | chocolate 4 7 | coins 1 4 6 | parity 27 | take 3 9 6 | "
        "compound 7 6 5 | graph FILE START");
    c->add_flag("--misere", p->misere, "misère Nim (the last mover loses)");
    c->add_flag("--computer-first", p->computer_first, "let the computer move first");
    c->callback([p] { run_play(p->args, p->misere, p->computer_first); });
}

}  // namespace toroid::cli
