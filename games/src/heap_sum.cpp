#include "toroid/games/heap_sum.hpp"

#include "toroid/error.hpp"
#include "toroid/games/nim.hpp"

namespace toroid::games {

std::string HeapSumMove::to_string() const {
    return heap_move_text(move.take, move.left, move.right, heap + 1);
}

HeapSum::HeapSum(std::vector<Heap> heaps, bool misere) : heaps_(std::move(heaps)), misere_(misere) {
    if (misere_ && !all_nim())
        throw InputError(
            "misère play of heap games is available for Nim only (other games: "
            "'grundy misere', which solves them by brute force)");
}

HeapSum HeapSum::uniform(const std::vector<std::uint64_t>& sizes, HeapRulePtr rule, bool misere) {
    std::vector<Heap> h;
    for (const auto s : sizes) h.push_back({s, rule});
    return HeapSum(std::move(h), misere);
}

bool HeapSum::all_nim() const {
    for (const auto& h : heaps_)
        if (!h.rule->is_nim()) return false;
    return true;
}

std::uint64_t HeapSum::value() const {
    std::uint64_t x = 0;
    for (const auto& h : heaps_) x ^= h.rule->value(h.size);
    return x;
}

namespace {
std::vector<std::uint64_t> sizes(const std::vector<HeapSum::Heap>& heaps) {
    std::vector<std::uint64_t> s;
    for (const auto& h : heaps) s.push_back(h.size);
    return s;
}
}  // namespace

Outcome HeapSum::outcome() const {
    if (misere_) return misere_nim_is_p(sizes(heaps_)) ? Outcome::P : Outcome::N;
    return value() == 0 ? Outcome::P : Outcome::N;
}

std::vector<SumComponent> HeapSum::components() const {
    std::vector<SumComponent> c;
    for (std::size_t i = 0; i < heaps_.size(); ++i)
        c.push_back(
            heap_component(heaps_[i].rule, heaps_[i].size, "heap " + std::to_string(i + 1)));
    return c;
}

std::vector<HeapSumMove> HeapSum::winning_moves() const {
    std::vector<HeapSumMove> out;
    if (misere_) {
        for (const auto& m : misere_nim_winning_moves(sizes(heaps_)))
            out.push_back({m.heap, OctalMove{static_cast<std::size_t>(m.take), 0, m.new_size}});
        return out;
    }
    for (const auto& m : analyze_sum(components()).winning_moves)
        out.push_back({m.component, *m.heap_move});
    return out;
}

std::optional<HeapSumMove> HeapSum::any_move() const {
    for (std::size_t i = 0; i < heaps_.size(); ++i)
        if (auto m = heaps_[i].rule->any_move(heaps_[i].size)) return HeapSumMove{i, *m};
    return std::nullopt;
}

std::optional<std::string> HeapSum::illegal(std::size_t heap, std::uint64_t take,
                                            std::uint64_t left) const {
    if (heap >= heaps_.size())
        return "there is no heap " + std::to_string(heap + 1) + " (heaps are numbered 1 to " +
               std::to_string(heaps_.size()) + ")";
    return heaps_[heap].rule->illegal(heaps_[heap].size, take, left);
}

HeapSumMove HeapSum::typed_move(std::size_t heap, std::uint64_t take, std::uint64_t left) const {
    if (auto why = illegal(heap, take, left)) throw InputError(*why);
    const std::uint64_t rest = heaps_[heap].size - take;
    if (left == 0) return {heap, OctalMove{static_cast<std::size_t>(take), 0, rest}};
    return {heap, OctalMove{static_cast<std::size_t>(take), left, rest - left}};
}

void HeapSum::apply(const HeapSumMove& m) {
    auto& h = heaps_.at(m.heap);
    if (m.move.left == 0) {
        h.size = m.move.right;
        return;
    }
    const Heap second{m.move.right, h.rule};
    h.size = m.move.left;
    heaps_.insert(heaps_.begin() + static_cast<std::ptrdiff_t>(m.heap) + 1, second);
}

}  // namespace toroid::games
