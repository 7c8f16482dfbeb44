// Incremental Grundy values of an octal game with splits, by the sparse-space
// method (see toroid/games/sparse_space.hpp for the theory).
//
// For heap n and each split remainder r = n - k, the values of r = a + b are
//   * pairs with a rare part: enumerated exactly, once per r (cached: the
//     same r serves n = r + k for every split digit k);
//   * pairs with both parts common: they lie in the "abundant" coset of r
//     (W, or rep[0]^rep[1] + W in the domain form) and nowhere else.
// So a value outside every abundant coset that no rare pair and no one-heap
// move gives is unreachable: the smallest such one bounds the mex ("scarce").
// Abundant values below it are looked up by scanning common pairs for a
// witness, round robin over the remainders, resumable per r; almost always
// one is found after a few pairs. The last few (at most kScanMax) are hunted
// by bitmap lookups and vector compares instead of marking every pair
// (pair_kernels.hpp). A value with no witness at all is the mex; that full
// scan happens only at positions whose value is then rare.
// Exact for every game and every coset: the coset only decides the speed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "background_job.hpp"
#include "pair_kernels.hpp"
#include "toroid/games/octal.hpp"
#include "toroid/games/sparse_space.hpp"

namespace toroid::games::detail {

class SparseSolver {
  public:
    // g[0..] is filled by the caller up to the first n passed to value().
    // threads >= 2: the next batch of rare pairs is filled on a helper
    // thread while this one works through the current batch.
    SparseSolver(const OctalGame& game, std::vector<std::uint32_t>& g, unsigned threads = 1);
    ~SparseSolver();

    // Re-chooses the common coset from g[1..n] (upto: where the run ends).
    void relabel(std::size_t n, std::size_t upto);
    // g(n) from g(0..n-1); n must follow the previous call (or relabel(n - 1)).
    std::uint32_t value(std::size_t n);

    const CommonCoset& coset() const { return coset_; }
    std::size_t rare_positions() const { return rare_pos_.size(); }
    std::uint64_t work() const { return work_; }  // pairs visited so far

  private:
    struct Remainder {  // the splits of one remainder r
        std::size_t r = SIZE_MAX;
        std::uint8_t* rare_pairs = nullptr;   // values of pairs with a rare part (complete)
        std::vector<std::uint8_t> witnessed;  // values of pairs a + (r - a), a < next_a
        std::size_t next_a = 1;
        // The batch fill did the rare positions p with done_from <= p < done_to.
        std::size_t done_from = 0, done_to = 0;
        bool finished = false;  // rare_pairs complete (see remainder())
    };
    static constexpr std::size_t kBatch = kRareBatch;
    struct Batch {  // a batch of kBatch remainders first .. first + 15
        std::size_t first = SIZE_MAX;
        std::size_t done_from = 0, done_to = 0;  // rare positions done
        std::size_t lo = 0, hi = 0;              // their indices in rare_pos_
    };

    void set_universe(std::size_t size);
    // Fills the rows of the batch b (rare positions in [b.done_from,
    // b.done_to)); does not touch the slots' Remainder fields (see claim).
    void fill_batch(const Batch& b);
    void claim(const Batch& b);               // the batch's slots now hold its remainders
    Batch batch_at(std::size_t first) const;  // what is known before heap n_
    void drop_ahead();                        // waits for and forgets the batch ahead
    Remainder& remainder(std::size_t r);      // filled and finished
    void hunt(std::size_t scarce, std::size_t chunk);
    unsigned abundant_class(std::size_t r) const {
        return coset_.domain ? static_cast<unsigned>(r & 1) : 0u;
    }
    bool rare(std::size_t a) const { return reduced_[g_[a]] != reduced_rep_[a & 1]; }

    std::vector<std::uint32_t>& g_;
    std::vector<std::size_t> split_ks_, one_heap_ks_;
    CommonCoset coset_;
    std::size_t universe_ = 0;            // power of two above every value so far
    std::vector<std::uint32_t> reduced_;  // coset_.reduce(v), v < universe_
    std::uint32_t reduced_rep_[2] = {0, 0};
    std::vector<std::uint8_t> abundant_[2];  // per class: v in the abundant coset
    std::size_t abundant_size_ = 1;          // |W|
    std::vector<std::uint32_t> rare_pos_, rare_val_;
    std::vector<Remainder> ring_;  // indexed by r mod (t + 1 + kBatch)
    // The rare_pairs rows of ring_, slot i at i * universe_: one block, so a
    // batch addresses its rows by offset (no row pointer per remainder).
    std::vector<std::uint8_t> rare_rows_;
    std::vector<std::uint8_t> seen_, blocked_;
    std::vector<std::uint8_t> need_;  // per value: abundant, below the bound, no witness yet
    // hunt(): scan_needed's bitmap (zero between uses) and value lists.
    std::vector<std::uint64_t> needed_bits_;
    std::vector<std::uint32_t> wanted_, mine_, found_;
    std::vector<Remainder*> rems_;      // the remainders of the current heap
    std::vector<std::size_t> hunt_at_;  // per remainder of rems_: where hunt() got to
    std::uint64_t work_ = 0;
    std::size_t n_ = 0;  // the heap being computed (g known below it)
    // The batch after the current one, filled on the helper thread (if any)
    // while value() works: it reads g below n_ and rare_pos_/rare_val_ (whose
    // capacity is reserved ahead, no reallocation meanwhile) and writes only
    // the rows of slots no current remainder uses.
    std::unique_ptr<BackgroundJob> helper_;
    Batch ahead_;
    std::size_t claimed_end_ = 0;  // past the last remainder of every claimed batch
};

// octal_grundy with its schedule exposed for tests: values up to
// naive_prefix by the definition, then the sparse solver; the period test,
// the refusal and the re-choice of the coset at n = first_check * 2^j.
OctalSequence octal_grundy_scheduled(const OctalGame& game, std::size_t upto,
                                     const OctalRunOptions& options, std::size_t naive_prefix,
                                     std::size_t first_check);
OctalSequence octal_grundy_scheduled(
    const OctalGame& game, std::size_t upto, bool extend_by_period, std::uint64_t max_work,
    std::size_t naive_prefix, std::size_t first_check,
    const std::function<void(const OctalProgress&)>& progress = {});

}  // namespace toroid::games::detail
