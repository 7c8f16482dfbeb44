// NodeStore: HashLife's hash-consed quadtree nodes, their memory budget and
// their garbage collection.
//
// A node of level L is a 2^L x 2^L square of cells. Level 3 nodes are leaves
// holding their 64 cells as a bitmap (cell (x, y) at bit y * 8 + x, the
// macrocell leaf order); a node of level L >= 4 holds four children of level
// L - 1 (nw, ne, sw, se). Nodes are hash-consed: leaf() and node() return
// the one node with that content, so two squares are equal exactly when
// their ids are, which is what makes HashLife's memoised results and the
// exact period detection through node identity work. Nodes are immutable
// except for their cached results (Node::result, Node::small), which the
// stepper (stepper.hpp) fills.
//
// Ids are 32-bit indices into one array reserved up front for the whole
// budget, so a node never moves while the store lives (references stay
// valid across allocations and collections). Id 0 (kNoNode) is "none".
//
// Memory budget and garbage collection. The store holds at most
// capacity() nodes: the budget divided by kBytesPerNode (the node and its
// share of the hash table). When a new node is needed and none is free, the
// store collects garbage: it marks every node reachable from the roots and
// frees the rest. Roots are
//   * pinned nodes (pin/unpin, counted): the torus, saved states;
//   * the in-flight stack (stack(), Frame): what a step in progress holds;
//   * the empty node of every level.
// A first collection keeps the cached results of the surviving nodes (and
// what they reach). If that frees less than half of the capacity, a second
// one drops every cached result and keeps the bare trees; if even that
// leaves less than an eighth free, the step cannot proceed within the
// budget and MemoryBudgetExceeded (an InputError) is thrown. The caller's
// state is untouched then (a torus only replaces its root after a step
// completes), so nothing is left half-done. Collections only ever discard
// cached work, never cells, so results stay exact under any budget.
// Ids of freed nodes are reused: anything that remembers ids across a
// collection (a population memo) must check collections().
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "toroid/error.hpp"

namespace toroid::hashlife {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = 0;
inline constexpr int kLeafLevel = 3;
// Level 66 steps 2^64 generations at once; a few more for the tilings built
// around a torus.
inline constexpr int kMaxLevel = 72;

struct Node {
    std::array<NodeId, 4> child{};  // level >= 4: nw ne sw se; a leaf: cells low, high, 0, 0
    NodeId next = kNoNode;          // hash chain; free list when free
    NodeId result = kNoNode;        // the centre advanced 2^(level-2) generations
    NodeId small = kNoNode;         // the centre advanced 2^small_j generations
    std::uint8_t level = 0;         // 0: a free slot
    std::uint8_t small_j = 0;
    std::uint8_t mark = 0;
    std::uint8_t unused = 0;
};
static_assert(sizeof(Node) == 32);

// The memory budget cannot hold what a step needs (InputError: exit 2).
class MemoryBudgetExceeded : public InputError {
  public:
    using InputError::InputError;
};

class NodeStore {
  public:
    // The node plus up to two hash buckets of 4 bytes (the table's load
    // stays between 1/2 and 1).
    static constexpr std::uint64_t kBytesPerNode = sizeof(Node) + 2 * sizeof(NodeId);
    // Smallest budget accepted: room for the empty nodes and a small torus.
    static constexpr std::uint64_t kMinBudgetBytes = std::uint64_t(1) << 20;

    explicit NodeStore(std::uint64_t budget_bytes);
    NodeStore(const NodeStore&) = delete;
    NodeStore& operator=(const NodeStore&) = delete;

    NodeId leaf(std::uint64_t cells);
    NodeId node(NodeId nw, NodeId ne, NodeId sw, NodeId se);
    NodeId empty(int level);

    // Lookups are two cache misses (the bucket, then the node), nearly all
    // of HashLife's time on big tori. A caller about to look up several
    // nodes announces them first: prefetch_bucket for each, then
    // prefetch_chain for each (reads the bucket, fetches its first node),
    // then node(): the misses of the batch overlap instead of queueing.
    void prefetch_bucket(NodeId nw, NodeId ne, NodeId sw, NodeId se) const {
        __builtin_prefetch(&buckets_[hash_of({nw, ne, sw, se}) & mask_]);
    }
    void prefetch_chain(NodeId nw, NodeId ne, NodeId sw, NodeId se) const {
        const NodeId head = buckets_[hash_of({nw, ne, sw, se}) & mask_];
        if (head != kNoNode) __builtin_prefetch(&nodes_[head]);
    }
    void prefetch(NodeId id) const { __builtin_prefetch(&nodes_[id]); }

    const Node& operator[](NodeId id) const { return nodes_[id]; }
    Node& cache(NodeId id) { return nodes_[id]; }  // for the stepper's cached results
    int level(NodeId id) const { return nodes_[id].level; }
    std::uint64_t leaf_cells(NodeId id) const {
        return std::uint64_t(nodes_[id].child[0]) | std::uint64_t(nodes_[id].child[1]) << 32;
    }
    bool is_empty(NodeId id) const {
        const int l = nodes_[id].level;
        return l < int(empties_.size()) && empties_[std::size_t(l)] == id;
    }

    // Counted pins: a pinned node and everything below it survive collections.
    void pin(NodeId id);
    void unpin(NodeId id);

    // The in-flight roots of a computation. A Frame restores the stack's
    // size when it ends; push what must survive a collection in between.
    std::vector<NodeId>& stack() { return stack_; }
    NodeId push(NodeId id) {
        stack_.push_back(id);
        return id;
    }
    class Frame {
      public:
        explicit Frame(NodeStore& s) : s_(s), size_(s.stack_.size()) {}
        ~Frame() { s_.stack_.resize(size_); }
        Frame(const Frame&) = delete;
        Frame& operator=(const Frame&) = delete;

      private:
        NodeStore& s_;
        std::size_t size_;
    };

    // A collection now (keep_results: the first kind above). Also called by
    // the store itself when it runs out of room.
    void collect(bool keep_results);
    // Drops every cached result (e.g. when the rule changes).
    void clear_results();

    std::uint64_t collections() const { return collections_; }
    std::uint64_t live_nodes() const { return nodes_.size() - 1 - free_count_; }
    std::uint64_t capacity() const { return capacity_; }
    std::uint64_t budget_bytes() const { return budget_; }
    std::uint64_t bytes_in_use() const {
        return nodes_.size() * sizeof(Node) + buckets_.size() * sizeof(NodeId);
    }
    // Largest number of nodes live at once so far (for reports).
    std::uint64_t peak_nodes() const { return peak_; }
    // Nodes made so far (found ones not counted): the work a computation
    // did, what a caller bounds a run's cost by (analysis/power_growth.hpp).
    std::uint64_t nodes_created() const { return created_; }

  private:
    NodeId allocate();  // never fails: collects or throws MemoryBudgetExceeded
    void make_room();
    void insert(NodeId id, std::uint64_t hash);
    void grow_table();
    void rebuild_table();
    void mark(NodeId id, bool keep_results);
    static std::uint64_t hash_of(const std::array<NodeId, 4>& c) {
        const std::uint64_t a = std::uint64_t(c[0]) << 32 | c[1];
        const std::uint64_t b = std::uint64_t(c[2]) << 32 | c[3];
        std::uint64_t h =
            a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
        h ^= h >> 31;
        h *= 0xD6E8FEB86659FD93ull;
        return h ^ (h >> 29);
    }
    NodeId find_or_add(const std::array<NodeId, 4>& c, int level);

    std::vector<Node> nodes_;  // reserved to capacity_ + 1: never reallocates
    std::vector<NodeId> buckets_;
    std::uint64_t mask_ = 0;
    NodeId free_ = kNoNode;
    std::uint64_t free_count_ = 0;
    std::uint64_t capacity_ = 0;
    std::uint64_t budget_ = 0;
    std::uint64_t collections_ = 0;
    std::uint64_t peak_ = 0;
    std::uint64_t created_ = 0;
    std::vector<NodeId> empties_;
    std::vector<NodeId> stack_;
    std::unordered_map<NodeId, std::uint32_t> pins_;
};

// The 64 cells of a leaf built from its four 4x4 quarters (each a 16-bit
// square, cell (x, y) at bit y * 4 + x), and back.
inline std::uint64_t leaf_from_quarters(unsigned nw, unsigned ne, unsigned sw, unsigned se) {
    std::uint64_t bits = 0;
    for (int y = 0; y < 4; ++y) {
        bits |= std::uint64_t(((nw >> (4 * y)) & 15u) | (((ne >> (4 * y)) & 15u) << 4)) << (8 * y);
        bits |= std::uint64_t(((sw >> (4 * y)) & 15u) | (((se >> (4 * y)) & 15u) << 4))
                << (8 * (y + 4));
    }
    return bits;
}

// The centre 8x8 of the 16x16 square [a b; c d] of leaves: a's south-east
// quarter, b's south-west, c's north-east, d's north-west.
inline std::uint64_t leaf_centre(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                 std::uint64_t d) {
    constexpr std::uint64_t kLow = 0x0F0F0F0Full;  // the left 4 cells of 4 rows
    return ((a >> 36) & kLow) | (((b >> 32) & kLow) << 4) | (((c >> 4) & kLow) << 32) |
           ((d & kLow) << 36);
}

}  // namespace toroid::hashlife
