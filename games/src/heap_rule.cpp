#include "toroid/games/heap_rule.hpp"

#include <algorithm>
#include <bit>

#include "toroid/error.hpp"

namespace toroid::games {

namespace {

std::string stones(std::uint64_t n) {
    return std::to_string(n) + (n == 1 ? " stone" : " stones");
}

class NimRule final : public HeapRule {
  public:
    std::string name() const override { return "nim"; }
    bool is_nim() const override { return true; }
    std::uint64_t value(std::uint64_t heap) const override { return heap; }
    std::vector<OctalMove> moves_to_value(std::uint64_t heap, std::uint64_t t) const override {
        if (t >= heap) return {};
        return {OctalMove{static_cast<std::size_t>(heap - t), 0, t}};
    }
    std::optional<OctalMove> any_move(std::uint64_t heap) const override {
        if (heap == 0) return std::nullopt;
        return OctalMove{1, 0, heap - 1};
    }
    std::optional<std::string> illegal(std::uint64_t heap, std::uint64_t take,
                                       std::uint64_t left) const override {
        if (left) return std::string("Nim heaps cannot be split");
        if (take == 0) return std::string("you must take at least one stone");
        if (take > heap) return "that heap has only " + stones(heap);
        return std::nullopt;
    }
};

// Values tabulated up to max_heap; shared by the rules below.
class TabulatedRule : public HeapRule {
  public:
    std::uint64_t value(std::uint64_t heap) const override { return g_[index(heap)]; }
    std::vector<OctalMove> moves_to_value(std::uint64_t heap, std::uint64_t t) const override {
        std::vector<OctalMove> out;
        for (const auto& m : moves(heap))
            if ((g_[m.left] ^ g_[m.right]) == t) out.push_back(m);
        return out;
    }
    std::optional<OctalMove> any_move(std::uint64_t heap) const override {
        const auto m = moves(heap);
        if (m.empty()) return std::nullopt;
        return m.front();
    }

  protected:
    virtual std::vector<OctalMove> moves(std::uint64_t heap) const = 0;
    std::size_t index(std::uint64_t heap) const {
        if (heap >= g_.size()) {
            throw InputError("heap " + std::to_string(heap) +
                             " is beyond the values computed for " + name() + " (up to " +
                             std::to_string(g_.size() - 1) + ")");
        }
        return static_cast<std::size_t>(heap);
    }
    std::vector<std::uint32_t> g_;
};

class SubtractionRule final : public TabulatedRule {
  public:
    SubtractionRule(SubtractionSet set, std::uint64_t max_heap) : set_(std::move(set)) {
        g_ = subtraction_grundy(set_, max_heap);
    }
    std::string name() const override { return "subtraction {" + set_.to_string() + "}"; }
    std::optional<std::string> illegal(std::uint64_t heap, std::uint64_t take,
                                       std::uint64_t left) const override {
        if (left) return std::string("subtraction game heaps cannot be split");
        if (!set_.contains(take))
            return "taking " + std::to_string(take) + " is not in the set {" + set_.to_string() +
                   "}";
        if (take > heap) return "that heap has only " + stones(heap);
        return std::nullopt;
    }

  private:
    std::vector<OctalMove> moves(std::uint64_t heap) const override {
        index(heap);
        std::vector<OctalMove> out;
        for (const auto s : set_.elements_upto(heap))
            out.push_back({static_cast<std::size_t>(s), 0, heap - s});
        return out;
    }
    SubtractionSet set_;
};

class OctalRule final : public TabulatedRule {
  public:
    OctalRule(OctalGame game, std::uint64_t max_heap, std::uint64_t max_work)
        : game_(std::move(game)) {
        g_ = octal_grundy(game_, max_heap, true, max_work).g;
    }
    std::string name() const override {
        const auto n = octal_name(game_.code());
        return "octal " + game_.code() + (n.empty() ? "" : " (" + n + ")");
    }
    std::optional<std::string> illegal(std::uint64_t heap, std::uint64_t take,
                                       std::uint64_t left) const override {
        return octal_move_error(game_, heap, take, left);
    }
    std::string move_syntax() const override {
        return game_.splits() ? "HEAP TAKE, or HEAP TAKE LEFT to split the rest" : "HEAP TAKE";
    }

  private:
    std::vector<OctalMove> moves(std::uint64_t heap) const override {
        index(heap);
        return octal_moves(game_, heap);
    }
    OctalGame game_;
};

class SplitRule final : public TabulatedRule {
  public:
    SplitRule(SplitGame game, std::uint64_t max_heap) : game_(game) {
        if (max_heap > kMaxSplitHeap) {
            throw InputError("heap " + std::to_string(max_heap) + " is too large for " +
                             game_.name() + " (at most " + std::to_string(kMaxSplitHeap) +
                             ": the values cost quadratic time)");
        }
        g_ = split_grundy(game_, max_heap);
    }
    std::string name() const override { return game_.name(); }
    std::optional<std::string> illegal(std::uint64_t heap, std::uint64_t take,
                                       std::uint64_t left) const override {
        if (take != 0) return std::string("nothing is taken in a splitting game: type HEAP 0 LEFT");
        if (left == 0 || left >= heap)
            return "a split must leave two non-empty heaps (left part 1.." +
                   std::to_string(heap ? heap - 1 : 0) + ")";
        const std::uint64_t right = heap - left, lo = std::min(left, right),
                            hi = std::max(left, right);
        if (hi - lo < game_.min_difference())
            return "the two heaps must differ by at least " +
                   std::to_string(game_.min_difference()) + " (" + std::to_string(lo) + " and " +
                   std::to_string(hi) + " do not)";
        return std::nullopt;
    }
    std::string move_syntax() const override {
        return "HEAP 0 LEFT (split HEAP into LEFT and the rest)";
    }

  private:
    std::vector<OctalMove> moves(std::uint64_t heap) const override {
        index(heap);
        return game_.moves(heap);
    }
    SplitGame game_;
};

}  // namespace

HeapRulePtr nim_rule() {
    static const auto rule = std::make_shared<const NimRule>();
    return rule;
}

HeapRulePtr subtraction_rule(SubtractionSet set, std::uint64_t max_heap) {
    return std::make_shared<const SubtractionRule>(std::move(set), max_heap);
}

HeapRulePtr octal_rule(OctalGame game, std::uint64_t max_heap, std::uint64_t max_work) {
    return std::make_shared<const OctalRule>(std::move(game), max_heap, max_work);
}

HeapRulePtr split_rule(SplitGame game, std::uint64_t max_heap) {
    return std::make_shared<const SplitRule>(game, max_heap);
}

std::string SplitGame::name() const {
    if (min_difference_ == 1) return "Grundy's game";
    if (min_difference_ == 0) return "split into two heaps";
    return "split into two heaps differing by at least " + std::to_string(min_difference_);
}

std::vector<OctalMove> SplitGame::moves(std::uint64_t n) const {
    std::vector<OctalMove> out;
    // left + right = n, right - left >= D, left >= 1.
    for (std::uint64_t a = 1; 2 * a <= n; ++a) {
        if (n - 2 * a < min_difference_) break;
        out.push_back({0, a, n - a});
    }
    return out;
}

std::vector<std::uint32_t> split_grundy(const SplitGame& game, std::size_t upto) {
    if (upto > kMaxSplitHeap) {
        throw InputError("--upto " + std::to_string(upto) + " is too large for " + game.name() +
                         " (at most " + std::to_string(kMaxSplitHeap) + ")");
    }
    std::vector<std::uint32_t> g(upto + 1, 0);
    std::vector<std::uint64_t> seen;
    const std::uint64_t d = game.min_difference();
    for (std::size_t n = 2; n <= upto; ++n) {
        std::fill(seen.begin(), seen.end(), 0);
        for (std::size_t a = 1; 2 * a <= n && n - 2 * a >= d; ++a) {
            const std::uint32_t v = g[a] ^ g[n - a];
            if ((v >> 6) >= seen.size()) seen.resize((v >> 6) + 1, 0);
            seen[v >> 6] |= std::uint64_t{1} << (v & 63);
        }
        std::uint32_t m = 0;
        for (std::size_t w = 0; w < seen.size(); ++w, m += 64)
            if (~seen[w]) {
                m += static_cast<std::uint32_t>(std::countr_one(seen[w]));
                break;
            }
        g[n] = m;
    }
    return g;
}

}  // namespace toroid::games
