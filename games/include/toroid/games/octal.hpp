// Octal games (take-and-break games with code d0.d1d2...dt).
//
// Digit d_k (0..7) says what may be left after removing k tokens from one
// heap: bit 1 = no heap (only when the heap had exactly k tokens), bit 2 = one
// non-empty heap, bit 4 = two non-empty heaps (the rest is split in two).
// d0 may only be 0 or 4 (4: split a heap in two without removing anything).
// Examples: 0.77 Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's Chess, 4.07.
// t = max_take() is the number of digits after the point (trailing zeros are
// dropped), the largest number of tokens one move removes.
//
// octal_grundy computes g(0..upto) exactly for every game; its speed comes
// from the sparse-space ("rare / common values") method of Berlekamp,
// Gangolli-Plambeck and Flammenkamp in a linear form (sparse_space.hpp):
// the common values are a coset c + W of a subspace W chosen from the data
// (re-chosen at n = 2^j), splits with a rare part are enumerated exactly
// (few), and the common x common splits, which can only give values of W,
// are searched for witnesses only for the values of W below the mex. Games
// with a sparse space cost O(rare positions + |W| log |W|) per heap size;
// games without one (values keep growing, e.g. 0.007, 0.244) stay quadratic,
// and a work limit refuses them with a projection instead of running for
// days. At n = 2^j the Guy-Smith theorem is tried (periodicity.hpp); once a
// period is proved the rest of the sequence is filled in by periodicity.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/games/periodicity.hpp"

namespace toroid::games {

class OctalGame {
  public:
    // Throws InputError for malformed codes (quoting the code and the position
    // of the offending character).
    static OctalGame parse(std::string_view code);
    const std::string& code() const { return code_; }
    std::size_t max_take() const { return digits_.size() - 1; }
    unsigned digit(std::size_t k) const { return k < digits_.size() ? digits_[k] : 0; }
    bool splits() const;

  private:
    std::string code_;
    std::vector<std::uint8_t> digits_;  // digits_[0] = d0
};

struct OctalMove {
    std::size_t take = 0;
    std::uint64_t left = 0;         // heaps left afterwards: left <= right;
    std::uint64_t right = 0;        // 0 means "no heap"
    std::string to_string() const;  // "take 2 (leaving 3 and 4)", heap_move_text
};

// One wording of a move on a heap, for every command that names one (play,
// grundy sum): "take T (leaving R)", "take T (leaving L and R)", "split into
// L and R"; with `heap` (numbered from 1) "take T from heap H (leaving R)",
// "split heap H into L and R". left == 0: one heap (or none) is left.
std::string heap_move_text(std::uint64_t take, std::uint64_t left, std::uint64_t right,
                           std::size_t heap = 0);

// All moves from one heap of n tokens (split pairs listed once, left <= right).
std::vector<OctalMove> octal_moves(const OctalGame& game, std::uint64_t n);

// The digit rules applied to one typed move: nullopt if removing `take` from
// a heap of n (and, with left > 0, splitting the rest into left and
// n - take - left) is legal, otherwise the reason ("taking 2 must remove the
// whole heap in 0.07"). The same rules as octal_moves.
std::optional<std::string> octal_move_error(const OctalGame& game, std::uint64_t n,
                                            std::uint64_t take, std::uint64_t left);

// The usual name of a well-known code ("Kayles" for 0.77), or "".
std::string octal_name(const std::string& code);

// Plain definition, O(n^2) with splits: the reference for tests.
std::vector<std::uint32_t> octal_grundy_naive(const OctalGame& game, std::size_t upto);

struct OctalSequence {
    std::vector<std::uint32_t> g;
    Periodicity period;        // the proved period if one was found
    std::size_t computed = 0;  // values computed before periodic extension
    std::string
        common_values;  // the common coset at the end ("41 + <39, 17, 15>"), sparse_space.hpp
    std::size_t rare_positions = 0;
    bool stopped = false;       // stop_requested or the budget: g holds g(0..n) for the n reached
    bool budget_spent = false;  // stopped because max_seconds had passed
    std::size_t resumed_from = 0;  // values taken from a checkpoint (0: none)
};

// Progress of a long run (`toroid grundy octal --progress`, and the ETA on a
// terminal): reported at every checkpoint n = 2^j past the naive prefix
// (doubling = true) and about every 2^16 heaps in between.
struct OctalProgress {
    std::size_t n = 0;
    std::size_t upto = 0;
    bool doubling = false;
    double pairs_per_heap = 0;  // pairs visited per heap size since the last checkpoint
    std::size_t rare_positions = 0;
    double rare_share = 0;      // rare positions / n
    std::string trend;          // "sparse", "turning sparse", "dense (quadratic)", ...
    std::string common_values;  // the coset in use up to n
    double seconds = 0;         // since the start of this run
    double eta_seconds = -1;    // projected time to upto by the trend (-1: unknown yet)
};

// How a run is limited, observed and resumed.
//
// * Classification by trend: at each doubling the share of rare positions
//   is compared with the previous doublings. Falling (or below 5%): the game
//   is (turning) sparse and the rest costs about the last doubling's time
//   per heap. Rising or flat above a quarter: quadratic, the cost per heap
//   grows with n. No verdict is drawn from one doubling. A dense run goes on
//   with the exact quadratic path (blocked, on `threads` threads).
// * max_seconds: the budget of wall-clock time (0 = no limit). A run that
//   has spent it stops like a Ctrl-C (below; OctalSequence::budget_spent,
//   checkpoint written). It is refused early (InputError, with the estimate
//   and how to raise the budget) only when the time per heap measured so far,
//   extrapolated linearly to `upto` (a projection that can only be too low:
//   dense runs grow dearer per heap), is more than kRefuseBeyondBudget times
//   the budget left: a projection from a few seconds on a loaded machine
//   once refused a job that took 1.3 s. max_work refuses by the projected
//   pair visits (about 1e9 per second), for tests.
// * stop_requested is polled every 4096 heaps: the run returns what it has
//   (OctalSequence::stopped, g truncated to the heaps computed).
// * checkpoint(g, n) is called at every doubling and when stopped, with the
//   values g(0..n); resume passes such a prefix back to continue from it.
// How far beyond the budget left a linear projection must be to refuse a
// run before it has spent its budget: a loaded machine slows a run by the
// number of processes sharing a core (2-4 on the machines we share), which
// must not turn a run that fits into a refusal.
inline constexpr double kRefuseBeyondBudget = 4.0;

struct OctalRunOptions {
    bool extend_by_period = true;
    std::uint64_t max_work = 0;
    double max_seconds = 0;
    std::function<void(const OctalProgress&)> progress;
    std::function<bool()> stop_requested;
    std::function<void(std::span<const std::uint32_t> g)> checkpoint;
    std::span<const std::uint32_t> resume;
    // Threads (0: every core this process may run on, its affinity mask): the exact quadratic path
    // of dense codes splits each pass over g; the sparse solver fills the next batch of rare pairs
    // on a second thread. 1: everything on the calling thread.
    unsigned threads = 0;
};

OctalSequence octal_grundy(const OctalGame& game, std::size_t upto, const OctalRunOptions& options);
// Shorthand: max_work only (see above). Throws InputError if upto > 10^8.
OctalSequence octal_grundy(const OctalGame& game, std::size_t upto, bool extend_by_period = true,
                           std::uint64_t max_work = 0,
                           const std::function<void(const OctalProgress&)>& progress = {});

// Guy-Smith proof on a computed prefix.
Periodicity octal_period(const OctalGame& game, std::span<const std::uint32_t> g);

}  // namespace toroid::games
