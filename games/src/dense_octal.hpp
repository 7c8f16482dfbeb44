// The exact quadratic path for octal games that stay dense (no sparse space:
// a large share of the positions rare, e.g. 0.004). Every option is
// enumerated, but in a form that uses the machine:
//
// * Blocks of B consecutive heaps n0 .. n0 + B - 1 share one pass over g:
//   for a split digit k and a left part a, the right parts of the B
//   remainders n0 + j - k - a are adjacent, so one cache line of g serves the
//   whole block and the inner loop over j is a run of independent byte
//   stores into B "seen" rows (no data-dependent branches). B is chosen so
//   that the rows stay in the L1 data cache (B = 24 for values below 2048).
// * Only pairs whose parts are both below n0 are done in that pass (all
//   known); the few others (at most B per heap and digit) are added when the
//   heap's turn comes, in order.
// * The left parts a are cut into one slice per thread (helper threads kept
//   for the whole call); each thread has its own seen rows, merged when the
//   heap's value is taken.
//
// Cost: about n/2 pair visits per heap per split digit, split over the
// threads. Exact for every code (tests compare with octal_grundy_naive).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "toroid/games/octal.hpp"

namespace toroid::games::detail {

// Fills g[from..to] (g[0..from-1] known; from > max_take). keep_going is
// called after every block with the last heap done; false stops (returns
// the last heap done). threads = 0: every core.
std::size_t octal_dense_fill(const OctalGame& game, std::vector<std::uint32_t>& g, std::size_t from,
                             std::size_t to, unsigned threads = 0,
                             const std::function<bool(std::size_t)>& keep_going = {});

}  // namespace toroid::games::detail
