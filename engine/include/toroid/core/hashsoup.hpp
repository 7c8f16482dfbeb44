// apgsearch's soups: cells from the SHA-256 of a soup's name.
//
// A Catagolue soup is named by a symmetry and a seed, "C1/k_abcdefghijkl123"
// (the search's root followed by the soup's decimal index). Its cells are
// the 32 bytes of sha256(seed) laid out as apgsearch and lifelib lay them
// out, so that a soup ID found here replays in apgsearch and Golly's
// apgsearch scripts, and the other way round:
//   * the base tile is 16 x 16: row y is the big-endian 16-bit number
//     bytes[2y] * 256 + bytes[2y + 1], cell x its bit x (bit 0 leftmost);
//   * the symmetric soups add mirror images of the tile (or of its
//     anti-transpose for the C4 ones) along edges one or two cells apart:
//     C2_1/C2_2/C2_4 a half turn, D2_+1/D2_+2 a vertical mirror, D4_+* and
//     D8_* both mirrors and the half turn, C4_* quarter turns; D2_x, D4_x*
//     and D8_* first make the tile symmetric about its anti-diagonal
//     (the half with x + y <= 15 kept, the rest mirrored from it);
//   * the wide soups 1x256, 2x128, 4x64, 8x32 are H x W rectangles filled
//     with the 256 bits, eight cells per byte, bytes right to left;
//   * "C2_2" seeds not starting "l_" use the tile's anti-transpose, as
//     apgsearch did before apgluxe (and Catagolue keeps);
//   * hexagonal rules' soups (lifelib's, for rules ending in H): C3_1, C6,
//     D6_1 and D6_1o are the C1, C2_1, D2_x and D2_xo soups shifted 15
//     cells left with their two turns by 120 degrees on the hexagonal
//     lattice added, (x, y) -> (-y, x - y) -> (y - x, -x); D12 is D6_1 with
//     the half turn of every cell added; D2_xo is the D2_x tile's vertical
//     mirror image alone, 15 cells up.
// Tested bit for bit against python-lifelib's hashsoup on a few hundred soups
// of every symmetry (tests/analysis/data/hashsoup_reference.txt).
//
// The soup is returned in its frame: the smallest rectangle holding every
// tile, whatever cells are alive, so that a soup is placed the same way
// wherever it is run.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/core/grid.hpp"

namespace toroid {

// The symmetries known here, in Catagolue's spelling.
const std::vector<std::string>& hashsoup_symmetries();
bool is_hashsoup_symmetry(std::string_view symmetry);
// The hexagonal ones (C3_1, C6, D2_xo, D6_1, D6_1o, D12): for hexagonal rules only.
bool is_hexagonal_symmetry(std::string_view symmetry);
// Whether lifelib offers `symmetry` for a rule of that kind: hexagonal
// rules take the hexagonal ones and C1, the wide ones, C2_1, C2_4, D2_x,
// D4_x1, D4_x4 (those that respect the hexagonal neighbourhood); the others
// take every symmetry but the hexagonal ones.
bool hashsoup_symmetry_fits(std::string_view symmetry, bool hexagonal);

struct HashSoup {
    Grid cells;                   // the frame
    std::int64_t x0 = 0, y0 = 0;  // lifelib's coordinates of cells(0, 0)
};

// InputError for an unknown symmetry (naming the known ones).
HashSoup hashsoup(std::string_view seed, std::string_view symmetry);

// "k_abcdefghijkl" + 123 -> "k_abcdefghijkl123"; the soup ID Catagolue shows
// is symmetry + "/" + that.
std::string soup_seed_text(std::string_view root, std::uint64_t index);

}  // namespace toroid
