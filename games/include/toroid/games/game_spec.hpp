// Games and positions from their text specs: the words a user types after
// `toroid play`, `toroid grundy take|compound|coins|chocolate|misere`, as
// heap sums (heap_sum.hpp) or ImpartialGames for the generic solver
// (solver.hpp). Front ends only split the command line into words; what a
// spec means, which games exist, which sizes are refused and with what
// message lives here (and is tested here).
//
// Every function throws toroid::InputError for bad input, naming the game
// and what was expected ("compound needs at least two heaps: ...", "game
// too large to enumerate: ... positions (at most 2000000)").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "toroid/games/heap_sum.hpp"
#include "toroid/games/solver.hpp"

namespace toroid::games {

// Work limit for octal_grundy when only a few values are needed (sums,
// play, misère values): about five minutes.
constexpr std::uint64_t kMaxOctalWork = 300'000'000'000ull;

// Solver games are refused up front above this many positions.
constexpr double kMaxSolverPositions = 2'000'000;

// Heap sizes, each read with parse_u64 as "heap 1", "heap 2", ...; no heaps
// is an error unless allow_empty.
std::vector<std::uint64_t> parse_heaps(const std::vector<std::string>& args,
                                       bool allow_empty = false);

// Heap games, played and analysed through HeapSum:
//   nim HEAPS | subtraction SET HEAPS | octal CODE HEAPS | grundy HEAPS |
//   take K HEAPS | compound HEAPS (heap 1 take 1-3, heap 2 take odd, rest Nim) |
//   sum "SPEC" "SPEC" ... (heap components of sum.hpp)
HeapSum heap_game(const std::string& kind, const std::vector<std::string>& args,
                  bool misere = false);

// Heaps HEAPS of a splitting game (heap_rule.hpp: Grundy's game and its
// variants), each at most kMaxSplitHeap.
HeapSum split_game(const SplitGame& game, const std::vector<std::string>& heaps);

// A game for the generic solver and its start position.
struct SolverGame {
    std::unique_ptr<ImpartialGame> game;
    Position start;
};

// game-n N | chocolate M N | coins CELLS (0-based cells of the coins);
// refused above kMaxSolverPositions positions.
SolverGame solver_game(const std::string& kind, const std::vector<std::string>& args);

// `grundy misere GAME ARGS`: nim HEAPS | octal CODE HEAPS | subtraction SET
// HEAPS | chocolate M N, for misère play by brute force; heaps up to 10^6
// each, at most 2000000 positions, heap positions normalised (sorted, no
// empty heaps).
SolverGame misere_game(const std::vector<std::string>& args);

// The single-heap game of `octal CODE` or `subtraction SET`, for misère
// Grundy values (misere.hpp), with its title ("octal game 0.77 (Kayles)",
// "subtraction game S = {1, 2, 3}").
struct HeapsGame {
    std::unique_ptr<ImpartialGame> game;
    std::string title;
};
HeapsGame heaps_game(const std::string& kind, const std::string& rule);

// Refuses (InputError, naming the largest --upto that fits) misère values of
// `kind` for the heaps 0..upto when they could need more than max_positions
// positions: an octal game splits heaps, so one heap of n can reach
// heap_positions_bound(n) positions; a subtraction game reaches n + 1.
void check_misere_values_size(const std::string& kind, std::size_t upto, std::size_t max_positions);

// The number of stones of a parity game: an odd number up to 100000.
std::int64_t parse_parity_stones(const std::string& text);

}  // namespace toroid::games
