// TorusTree: a torus with power-of-two sides as one HashLife node, and how
// it is stepped, read and written.
//
// Representation. A W x H torus (W = 2^a, H = 2^b, 8 <= W, H <= 2^62) is
// held as the square node of level k = max(a, b) whose cells are the
// periodic tiling of the torus: cell (x, y) of the square is torus cell
// (x mod W, y mod H). A square torus is its own node; a rectangular one is
// tiled along its shorter side, so every node of a level above b has equal
// top and bottom halves (above a: equal left and right halves). Hash-consing
// stores those copies once, so a 2^62 x 8 torus costs what its cells cost.
// The tiling is exact under any range-1 rule (the evolution of a periodic
// tiling is the tiling of the evolution), so everything below works on the
// square alone.
//
// Stepping 2^j generations (step() does one such step per set bit):
//   * j <= k - 1: the level-(k+1) node [T T; T T] is four copies of the
//     torus, i.e. the plane's tiling around one copy; its centre advanced
//     2^j generations (Stepper::advance) is the new torus shifted by half a
//     side (the centre starts at N/2), and the centre of [R R; R R] undoes
//     that shift.
//   * j >= k: the tiling itself is advanced: the node of level j + 2 made of
//     copies of T (built by doubling: j + 2 - k nodes) advanced at full
//     speed gives a square starting at 2^j, a multiple of the side, so its
//     north-west corner of level k is the new torus. All nine squares of
//     every level above k + 1 are that same tiling, so each level costs one
//     memoised result: 10^15 generations cost about 50 levels more than a
//     step of the torus's own size.
// The generation counter is the caller's (backend.hpp keeps it).
//
// Cells, regions and the hash read the tree without building the torus;
// writing a region rebuilds only the paths to the squares it touches (and
// keeps the tiling's copies equal). The root is pinned in the store; the
// torus replaces it only when a step or an edit is complete, so an error
// in the middle (MemoryBudgetExceeded) leaves the torus as it was.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "toroid/core/grid.hpp"
#include "toroid/core/wide_count.hpp"
#include "toroid/hashlife/stepper.hpp"

namespace toroid::hashlife {

// InputError unless width and height are powers of two from 8 to 2^62;
// `owner` ("the hashlife backend") words the message.
void check_torus_shape(std::int64_t width, std::int64_t height, const char* owner);

class TorusTree {
  public:
    // An empty width x height torus (check_torus_shape first).
    TorusTree(Stepper& stepper, std::int64_t width, std::int64_t height);
    ~TorusTree();
    TorusTree(const TorusTree&) = delete;
    TorusTree& operator=(const TorusTree&) = delete;

    std::int64_t width() const { return std::int64_t(1) << log2_width_; }
    std::int64_t height() const { return std::int64_t(1) << log2_height_; }
    int log2_width() const { return log2_width_; }
    int log2_height() const { return log2_height_; }
    int level() const { return level_; }  // of the square
    NodeId root() const { return root_; }
    // Replaces the square (a node of level(), periodic as described above).
    void set_root(NodeId root);

    void clear();
    void step(std::uint64_t generations);
    // One step of 2^j generations from square t; the new square.
    NodeId step_pow2(NodeId t, int j);

    bool get(std::int64_t x, std::int64_t y) const;  // any integers, wrapped
    void set(std::int64_t x, std::int64_t y, bool alive);
    // The r.width x r.height cells from (r.x, r.y) on, wrapping (as Grid::crop).
    Grid read(const Rect& r) const;
    // Writes src with its top-left at (x, y), wrapping; dead cells clear.
    void write(const Grid& src, std::int64_t x, std::int64_t y);

    // Live cells of the torus, exactly (up to 2^124).
    WideCount population() const;
    // Grid::hash() of the same state (core/grid_hash.hpp), visiting only
    // squares with live cells.
    std::uint64_t hash() const;

    // Live cells of node n (any level), memoised per node until the store
    // collects garbage (ids are then reused).
    WideCount node_population(NodeId n) const;

    Stepper& stepper() { return stepper_; }
    NodeStore& store() const { return store_; }

  private:
    struct Piece;  // a non-wrapping rectangle of the torus and its source or target
    NodeId write_piece(NodeId n, int level, std::int64_t nx, std::int64_t ny, const Piece& p);
    void read_piece(NodeId n, int level, std::int64_t nx, std::int64_t ny, const Piece& p,
                    Grid& out) const;
    template <class Visit>
    void for_each_piece(std::int64_t x, std::int64_t y, std::int64_t w, std::int64_t h,
                        Visit&& visit) const;

    Stepper& stepper_;
    NodeStore& store_;
    int log2_width_ = 0, log2_height_ = 0, level_ = 0;
    NodeId root_ = kNoNode;
    mutable std::unordered_map<NodeId, WideCount> population_memo_;
    mutable std::uint64_t memo_collections_ = 0;
};

}  // namespace toroid::hashlife
