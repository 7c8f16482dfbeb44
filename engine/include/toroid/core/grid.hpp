// Grid: the canonical torus state that crosses every interface and file.
//
// A torus of width x height cells (both >= 1). Storage is row-major: row y is
// words_per_row() consecutive uint64_t words; cell x of a row is bit x % 64 of
// word x / 64. Padding bits past `width` in a row's last word are always 0
// (every mutator keeps them so), so two grids are equal iff their words are.
// Backends keep their own internal layouts and convert exactly to this one.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace toroid {

struct Rect {
    std::int64_t x = 0, y = 0, width = 0, height = 0;
    bool empty() const { return width <= 0 || height <= 0; }
    bool operator==(const Rect&) const = default;
};

class Grid {
  public:
    Grid() = default;
    // Throws InputError for sizes < 1 or too large for this machine's memory.
    Grid(std::int64_t width, std::int64_t height);

    std::int64_t width() const { return width_; }
    std::int64_t height() const { return height_; }
    std::int64_t words_per_row() const { return words_per_row_; }
    std::uint64_t cell_count() const { return std::uint64_t(width_) * std::uint64_t(height_); }

    std::span<std::uint64_t> row(std::int64_t y) {
        return {words_.data() + y * words_per_row_, std::size_t(words_per_row_)};
    }
    std::span<const std::uint64_t> row(std::int64_t y) const {
        return {words_.data() + y * words_per_row_, std::size_t(words_per_row_)};
    }
    std::vector<std::uint64_t>& words() { return words_; }
    const std::vector<std::uint64_t>& words() const { return words_; }

    // Coordinates are taken modulo the size (any integer is accepted).
    bool get(std::int64_t x, std::int64_t y) const;
    void set(std::int64_t x, std::int64_t y, bool alive);

    // --- Multi-state cells (see above) -------------------------------------
    int state_planes() const { return int(planes_.size()); }
    // Adds zero planes or drops the highest ones (their cells lose those bits).
    void set_state_planes(int n);
    // Plane p (1..state_planes()); plane 0 is words().
    std::vector<std::uint64_t>& plane(int p) {
        return p == 0 ? words_ : planes_[std::size_t(p - 1)];
    }
    const std::vector<std::uint64_t>& plane(int p) const {
        return p == 0 ? words_ : planes_[std::size_t(p - 1)];
    }
    // The state of a cell, 0..255; set_state adds the planes it needs.
    int state(std::int64_t x, std::int64_t y) const;
    void set_state(std::int64_t x, std::int64_t y, int state);
    // Planes a counter of states up to `states` - 1 needs: 0 for 2 states,
    // ceil(log2(states - 1)) otherwise (3 states: 1, 4: 2, 256: 8).
    static int planes_for_states(int states);
    // The highest state present (0 for an empty grid).
    int max_state() const;
    // Cells per state: counts[s] for s = 0..255.
    std::vector<std::uint64_t> state_counts() const;

    void clear();
    std::uint64_t population() const;
    std::uint64_t hash() const;  // equals Backend::hash() of the same state
    // Smallest rectangle holding every live cell (not wrap-aware); empty Rect if none.
    Rect bounding_box() const;

    // Copy of the w x h rectangle at (x, y), wrapping around the torus.
    Grid crop(const Rect& r) const;
    // Writes `src` with its top-left corner at (x, y), wrapping; overwrites
    // cells (dead cells of src clear cells here) when `overwrite`, else ORs.
    void paste(const Grid& src, std::int64_t x, std::int64_t y, bool overwrite = true);

    // Clears padding bits past `width` in every row (after raw word writes).
    void mask_padding();
    std::uint64_t last_word_mask() const;

    bool operator==(const Grid& other) const = default;

  private:
    std::int64_t width_ = 0;
    std::int64_t height_ = 0;
    std::int64_t words_per_row_ = 0;
    std::vector<std::uint64_t> words_;
    std::vector<std::vector<std::uint64_t>> planes_;  // counter planes, multi-state only
};

// InputError unless 1 <= width, height <= 2^40 (sizes beyond keep no byte
// count exact).
void check_grid_size(std::int64_t width, std::int64_t height);
// Bytes of one canonical bit-plane (a Grid's words); checks the size first.
// A double: up to 2^77 bytes for sides of 2^40, exact below 2^53.
double canonical_plane_bytes(std::int64_t width, std::int64_t height);
// "a 4096x4096 torus": how refusals name a torus.
std::string torus_name(std::int64_t width, std::int64_t height);
// Refuses, before anything is allocated, a torus whose `copies` canonical
// bit-planes would not fit in the available memory (toroid/memory.hpp; the
// message says how much is needed and available). A backend states its own
// planes with Backend::check_fits.
void check_grid_fits(std::int64_t width, std::int64_t height, int copies = 1);

}  // namespace toroid
