// NodeStore (contract in toroid/hashlife/node_store.hpp).
#include "toroid/hashlife/node_store.hpp"

#include <algorithm>
#include <bit>
#include <new>
#include <string>

#include "toroid/memory.hpp"

namespace toroid::hashlife {

namespace {

constexpr std::uint64_t kMaxNodes = (std::uint64_t(1) << 32) - 2;  // ids fit 32 bits
constexpr std::uint64_t kMinBuckets = 1024;

}  // namespace

NodeStore::NodeStore(std::uint64_t budget_bytes) : budget_(budget_bytes) {
    if (budget_bytes < kMinBudgetBytes)
        throw InputError("the hashlife memory budget of " + human_bytes(double(budget_bytes)) +
                         " is too small: expected at least " +
                         human_bytes(double(kMinBudgetBytes)));
    capacity_ = std::min(budget_bytes / kBytesPerNode, kMaxNodes);
    // Reserved, not touched: the pages are committed as nodes are written,
    // and the array never moves (references into it stay valid). Where the
    // system refuses to reserve that much address space (strict overcommit),
    // the budget shrinks to what it grants.
    for (;;) {
        try {
            nodes_.reserve(std::size_t(capacity_ + 1));
            break;
        } catch (const std::bad_alloc&) {
            if (capacity_ / 2 * kBytesPerNode < kMinBudgetBytes) throw;
            capacity_ /= 2;
            budget_ = capacity_ * kBytesPerNode;
        }
    }
    nodes_.emplace_back();  // id 0: none
    buckets_.assign(kMinBuckets, kNoNode);
    mask_ = kMinBuckets - 1;
}

namespace {

// The four children as two words: one compare each (std::array's == is a
// memcmp call, most of a lookup's time).
struct Key {
    std::uint64_t lo, hi;
    explicit Key(const std::array<NodeId, 4>& c)
        : lo(std::uint64_t(c[0]) | std::uint64_t(c[1]) << 32),
          hi(std::uint64_t(c[2]) | std::uint64_t(c[3]) << 32) {}
    bool operator==(const Key&) const = default;
};

}  // namespace

NodeId NodeStore::find_or_add(const std::array<NodeId, 4>& c, int level) {
    const std::uint64_t h = hash_of(c);
    const Key key(c);
    for (NodeId id = buckets_[h & mask_]; id != kNoNode; id = nodes_[id].next)
        if (Key(nodes_[id].child) == key) return id;
    if (free_ == kNoNode && nodes_.size() > capacity_) {
        // A collection may run: the children must survive it (a leaf has none).
        Frame frame(*this);
        if (level > kLeafLevel)
            for (NodeId child : c) push(child);
        make_room();
    }
    const NodeId id = allocate();
    Node& n = nodes_[id];
    n = Node{};
    n.child = c;
    n.level = std::uint8_t(level);
    insert(id, h);
    ++created_;
    peak_ = std::max(peak_, live_nodes());
    return id;
}

NodeId NodeStore::leaf(std::uint64_t cells) {
    return find_or_add({NodeId(cells), NodeId(cells >> 32), kNoNode, kNoNode}, kLeafLevel);
}

NodeId NodeStore::node(NodeId nw, NodeId ne, NodeId sw, NodeId se) {
    return find_or_add({nw, ne, sw, se}, nodes_[nw].level + 1);
}

NodeId NodeStore::empty(int level) {
    while (int(empties_.size()) <= level) {
        const int l = int(empties_.size());
        NodeId id = kNoNode;
        if (l == kLeafLevel) {
            id = leaf(0);
        } else if (l > kLeafLevel) {
            const NodeId e = empties_[std::size_t(l - 1)];
            id = node(e, e, e, e);
        }
        empties_.push_back(id);  // levels 0..2 have no node
    }
    return empties_[std::size_t(level)];
}

void NodeStore::pin(NodeId id) {
    if (id != kNoNode) ++pins_[id];
}

void NodeStore::unpin(NodeId id) {
    if (id == kNoNode) return;
    auto it = pins_.find(id);
    if (it != pins_.end() && --it->second == 0) pins_.erase(it);
}

NodeId NodeStore::allocate() {
    if (free_ != kNoNode) {
        const NodeId id = free_;
        free_ = nodes_[id].next;
        --free_count_;
        return id;
    }
    if (nodes_.size() <= capacity_) {
        nodes_.emplace_back();
        return NodeId(nodes_.size() - 1);
    }
    make_room();
    return allocate();
}

void NodeStore::insert(NodeId id, std::uint64_t hash) {
    if (live_nodes() > buckets_.size() && buckets_.size() < 2 * capacity_) {
        grow_table();  // re-inserts every node, this one included
        return;
    }
    NodeId& head = buckets_[hash & mask_];
    nodes_[id].next = head;
    head = id;
}

void NodeStore::grow_table() {
    buckets_.assign(buckets_.size() * 2, kNoNode);
    mask_ = buckets_.size() - 1;
    rebuild_table();
}

void NodeStore::rebuild_table() {
    std::fill(buckets_.begin(), buckets_.end(), kNoNode);
    for (NodeId id = 1; id < nodes_.size(); ++id) {
        Node& n = nodes_[id];
        if (n.level == 0) continue;
        NodeId& head = buckets_[hash_of(n.child) & mask_];
        n.next = head;
        head = id;
    }
}

void NodeStore::mark(NodeId id, bool keep_results) {
    if (id == kNoNode) return;
    Node& n = nodes_[id];
    if (n.mark) return;
    n.mark = 1;
    if (n.level > kLeafLevel)
        for (NodeId c : n.child) mark(c, keep_results);
    if (keep_results) {
        mark(n.result, true);
        mark(n.small, true);
    }
}

void NodeStore::collect(bool keep_results) {
    ++collections_;
    for (NodeId id : empties_) mark(id, keep_results);
    for (const auto& [id, count] : pins_) mark(id, keep_results);
    for (NodeId id : stack_) mark(id, keep_results);
    free_ = kNoNode;
    free_count_ = 0;
    // Free from the top down, so that the free list hands out low ids first.
    for (NodeId id = NodeId(nodes_.size() - 1); id >= 1; --id) {
        Node& n = nodes_[id];
        if (n.mark) {
            n.mark = 0;
            if (!keep_results) n.result = n.small = kNoNode;
            continue;
        }
        n.level = 0;
        n.result = n.small = kNoNode;
        n.next = free_;
        free_ = id;
        ++free_count_;
    }
    rebuild_table();
}

void NodeStore::clear_results() {
    for (Node& n : nodes_) n.result = n.small = kNoNode;
}

void NodeStore::make_room() {
    collect(true);
    if (free_count_ >= capacity_ / 2) return;
    collect(false);
    if (free_count_ >= capacity_ / 8) return;
    throw MemoryBudgetExceeded(
        "the hashlife memory budget of " + human_bytes(double(budget_)) + " (" +
        std::to_string(capacity_) + " nodes of " + std::to_string(kBytesPerNode) +
        " bytes) is too small for this torus: " + std::to_string(live_nodes()) +
        " nodes are still needed after garbage collection; give a larger --memory (MiB)");
}

}  // namespace toroid::hashlife
