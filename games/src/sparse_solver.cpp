#include "sparse_solver.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <span>
#include <utility>

#include "pair_kernels.hpp"

namespace toroid::games::detail {

SparseSolver::SparseSolver(const OctalGame& game, std::vector<std::uint32_t>& g, unsigned threads)
    : g_(g) {
    for (std::size_t k = 0; k <= game.max_take(); ++k) {
        if (game.digit(k) & 4) split_ks_.push_back(k);
        if (k > 0 && (game.digit(k) & 2)) one_heap_ks_.push_back(k);
    }
    // In use: n - t .. n, the current batch, and the batch ahead.
    ring_.resize(game.max_take() + 1 + 2 * kBatch);
    if (threads >= 2) helper_ = std::make_unique<BackgroundJob>();
}

SparseSolver::~SparseSolver() {
    drop_ahead();
}

void SparseSolver::drop_ahead() {
    if (helper_) helper_->wait();
    ahead_ = Batch{};
}

void SparseSolver::set_universe(std::size_t size) {
    if (helper_) helper_->wait();  // the rows move; the batch ahead stays valid
    universe_ = size;
    reduced_.resize(size);
    for (std::size_t v = 0; v < size; ++v)
        reduced_[v] = coset_.reduce(static_cast<std::uint32_t>(v));
    for (unsigned c = 0; c < 2; ++c) reduced_rep_[c] = coset_.reduce(coset_.rep[c]);
    // Both parts common: W for an even remainder (or without the domain
    // form), rep[0] ^ rep[1] + W for an odd one.
    const std::uint32_t abundant_rep[2] = {coset_.reduce(coset_.abundant_rep(0)),
                                           coset_.reduce(coset_.abundant_rep(1))};
    for (unsigned c = 0; c < 2; ++c) {
        abundant_[c].assign(size, 0);
        for (std::size_t v = 0; v < size; ++v) abundant_[c][v] = reduced_[v] == abundant_rep[c];
    }
    abundant_size_ = std::size_t{1} << coset_.dim();
    // Filled rows keep their values (the universe doubles in mid-batch).
    std::vector<std::uint8_t> rows(ring_.size() * size, 0);
    const std::size_t old_size = rare_rows_.size() / ring_.size();
    for (std::size_t i = 0; i < ring_.size(); ++i)
        std::copy_n(rare_rows_.data() + i * old_size, std::min(old_size, size),
                    rows.data() + i * size);
    rare_rows_ = std::move(rows);
    for (std::size_t i = 0; i < ring_.size(); ++i) {
        ring_[i].rare_pairs = rare_rows_.data() + i * size;
        ring_[i].witnessed.resize(size, 0);
    }
    seen_.resize(size);
    blocked_.resize(size);
    need_.resize(size);
    needed_bits_.assign(std::max(size, kNeededMinBits) / 64, 0);
}

void SparseSolver::relabel(std::size_t n, std::size_t upto) {
    unsigned split_parities = 0;
    for (const auto k : split_ks_) split_parities |= 1u << (k & 1);
    coset_ = choose_common_coset(std::span<const std::uint32_t>(g_.data(), n + 1), n, upto,
                                 split_parities);
    std::uint32_t maxv = 0;
    for (std::size_t a = 1; a <= n; ++a) maxv = std::max(maxv, g_[a]);
    set_universe(std::max<std::size_t>(64, std::bit_ceil(static_cast<std::size_t>(maxv) + 1)));
    drop_ahead();
    for (auto& s : ring_) s.r = SIZE_MAX;  // the rare positions change
    claimed_end_ = 0;
    rare_pos_.clear();
    rare_val_.clear();
    for (std::size_t a = 1; a <= n; ++a)
        if (rare(a)) {
            rare_pos_.push_back(static_cast<std::uint32_t>(a));
            rare_val_.push_back(g_[a]);
        }
}

// The splits with a rare part of kBatch consecutive remainders R..R+15 at
// once: for a rare position p the partners R - p .. R + 15 - p are adjacent,
// so each cache line of g serves the whole batch (one remainder at a time
// would miss the cache once per rare position). Only positions B <= p < R
// are done here, whose partners are all known when the batch is filled; the
// few others are added when a remainder is first used (finish()).
SparseSolver::Batch SparseSolver::batch_at(std::size_t first) const {
    // Partners first - p + j (j < kBatch) must be known: below n_, so
    // p >= first + kBatch - n_ (and p >= kBatch); rare positions are known below n_.
    Batch b;
    b.first = first;
    b.done_from = std::max(kBatch, first + kBatch > n_ ? first + kBatch - n_ : 0);
    b.done_to = std::min(first, n_);
    const auto index = [&](std::size_t p) {
        return static_cast<std::size_t>(
            std::lower_bound(rare_pos_.begin(), rare_pos_.end(), static_cast<std::uint32_t>(p)) -
            rare_pos_.begin());
    };
    if (b.done_from < b.done_to) {
        b.lo = index(b.done_from);
        b.hi = index(b.done_to);
    }
    return b;
}

void SparseSolver::fill_batch(const Batch& b) {
    // Row j lies at rows + offset[j]. Offsets are 32-bit (ring_.size() *
    // universe_ < 2^32: 82 slots of at most 2^25 values) so that computing
    // the kBatch addresses of one rare position stays in registers.
    std::uint32_t offset[kBatch];
    for (std::size_t j = 0; j < kBatch; ++j) {
        const std::size_t slot = (b.first + j) % ring_.size();
        auto& s = ring_[slot];
        std::fill(s.witnessed.begin(), s.witnessed.end(), 0);  // (rare_pairs: all rewritten)
        offset[j] = static_cast<std::uint32_t>(slot * universe_);
    }
    // rare_pos_[lo, hi) only: on the helper, main may be appending.
    mark_rare_batch(rare_rows_.data(), offset, universe_, g_.data(), b.first, rare_pos_.data(),
                    rare_val_.data(), b.lo, b.hi);
}

void SparseSolver::claim(const Batch& b) {
    for (std::size_t j = 0; j < kBatch; ++j) {
        auto& s = ring_[(b.first + j) % ring_.size()];
        s.r = b.first + j;
        s.done_from = b.done_from;
        s.done_to = b.done_to;
        s.finished = false;
        s.next_a = 1;
    }
    work_ += (b.hi - b.lo) * kBatch;  // counted here: the helper does not touch work_
    claimed_end_ = std::max(claimed_end_, b.first + kBatch);
}

SparseSolver::Remainder& SparseSolver::remainder(std::size_t r) {
    auto& s = ring_[r % ring_.size()];
    if (s.r != r) {
        if (ahead_.first == r) {
            helper_->wait();
            claim(ahead_);
            ahead_ = Batch{};
        } else {
            // An older remainder (the first heaps after a re-choice): its
            // slots must not be the ones the helper is writing.
            if (r < ahead_.first + kBatch && ahead_.first < r + kBatch) drop_ahead();
            const Batch b = batch_at(r);
            fill_batch(b);
            claim(b);
        }
        if (helper_ && ahead_.first != claimed_end_) {
            // The batch after every claimed one, on the helper: its slots are
            // not in use (remainders n - t .. claimed_end_ + 15 fit in the
            // ring), and rare_pos_ gets room for every position found before
            // it is claimed, so it does not move meanwhile.
            drop_ahead();
            const std::size_t ahead_heaps = 2 * kBatch + ring_.size();
            rare_pos_.reserve(rare_pos_.size() + ahead_heaps);
            rare_val_.reserve(rare_val_.size() + ahead_heaps);
            ahead_ = batch_at(claimed_end_);
            helper_->post([this, b = ahead_] { fill_batch(b); });
        }
    }
    if (s.finished) return s;
    // The rare positions p < r that the batch fill did not do: all known now.
    std::uint8_t* pairs = s.rare_pairs;
    const std::size_t from = std::min(s.done_from, r);
    for (std::size_t i = 0; i < rare_pos_.size() && rare_pos_[i] < from; ++i)
        pairs[rare_val_[i] ^ g_[r - rare_pos_[i]]] = 1;
    auto it = std::lower_bound(rare_pos_.begin(), rare_pos_.end(),
                               static_cast<std::uint32_t>(std::max(s.done_from, s.done_to)));
    for (; it != rare_pos_.end() && *it < r; ++it) pairs[g_[*it] ^ g_[r - *it]] = 1;
    s.finished = true;
    return s;
}

// The last needed values (at most kScanMax): look them up pair by pair
// (pair_kernels.hpp) instead of marking every pair's value: in a bitmap
// while more than kCompareMax are left, by compares against each below. The
// scan position of each remainder is local: next_a still says "every pair
// below it is in witnessed", which only the full marking scan can promise; a
// value found here is marked witnessed (a true pair value) for the other
// heaps using r.
void SparseSolver::hunt(std::size_t scarce, std::size_t chunk) {
    // hunt_pair's 16 compares per value against scan_needed's lookups: the
    // compares win for up to about four values.
    constexpr std::size_t kCompareMax = 4;
    std::uint8_t* const need = need_.data();
    std::uint64_t* const needed = needed_bits_.data();
    wanted_.clear();
    for (std::size_t v = 0; v < scarce; ++v)
        if (need[v]) wanted_.push_back(static_cast<std::uint32_t>(v));
    hunt_at_.resize(rems_.size());
    for (std::size_t i = 0; i < rems_.size(); ++i) hunt_at_[i] = rems_[i]->next_a;
    const std::uint32_t* const g = g_.data();
    const auto still_needed = [&](std::vector<std::uint32_t>& values) {
        values.erase(std::remove_if(values.begin(), values.end(),
                                    [&](std::uint32_t v) { return need[v] == 0; }),
                     values.end());
    };
    for (; !wanted_.empty(); chunk = std::min<std::size_t>(2 * chunk, 1 << 16)) {
        bool progressed = false;
        for (std::size_t i = 0; i < rems_.size() && !wanted_.empty(); ++i) {
            auto& s = *rems_[i];
            const std::size_t last = s.r / 2;
            std::size_t& at = hunt_at_[i];
            if (at > last) continue;
            // The values this remainder can witness (its abundant coset).
            const std::uint8_t* abundant = abundant_[abundant_class(s.r)].data();
            mine_.clear();
            for (const auto v : wanted_)
                if (abundant[v]) mine_.push_back(v);
            if (mine_.empty()) continue;
            progressed = true;
            const std::size_t end = std::min(last + 1, at + chunk);
            const std::size_t from = at;
            const auto witness = [&](std::uint32_t v) {
                s.witnessed[v] = 1;
                need[v] = 0;
            };
            if (mine_.size() > kCompareMax) {
                for (const auto v : mine_) needed[v >> 6] |= std::uint64_t{1} << (v & 63);
                found_.resize(mine_.size());
                const ScanResult res = scan_needed(g, s.r, at, end, needed, universe_, mine_.size(),
                                                   kCompareMax, found_.data());
                at = res.at;
                for (std::size_t k = 0; k < mine_.size() - res.left; ++k) witness(found_[k]);
                for (const auto v : mine_)  // the bitmap is all zero between calls
                    needed[v >> 6] &= ~(std::uint64_t{1} << (v & 63));
                still_needed(mine_);
                still_needed(wanted_);
            }
            while (at < end && !mine_.empty()) {
                at = hunt_pair(g, s.r, at, end, mine_.data(), mine_.size());
                if (at == end) break;
                witness(g[at] ^ g[s.r - at]);
                still_needed(mine_);
                still_needed(wanted_);
                ++at;
            }
            work_ += at - from;
        }
        if (!progressed) break;
    }
}

std::uint32_t SparseSolver::value(std::size_t n) {
    n_ = n;
    const std::size_t u = universe_;
    // Raw pointers: byte loops the compiler can vectorise (no aliasing with members).
    std::uint8_t* __restrict seen = seen_.data();
    std::fill(seen, seen + u, 0);
    for (const auto k : one_heap_ks_) seen[g_[n - k]] = 1;  // n > t: the heap is never taken whole
    rems_.clear();
    bool used[2] = {false, false};
    for (const auto k : split_ks_) {
        if (n < k + 2) continue;
        auto& s = remainder(n - k);
        const std::uint8_t* __restrict pairs = s.rare_pairs;
        for (std::size_t v = 0; v < u; ++v) seen[v] |= pairs[v];
        used[abundant_class(s.r)] = true;
        rems_.push_back(&s);
    }
    {
        const std::uint8_t use0 = used[0] ? 0xff : 0, use1 = used[1] ? 0xff : 0;
        const std::uint8_t* __restrict ab0 = abundant_[0].data();
        const std::uint8_t* __restrict ab1 = abundant_[1].data();
        std::uint8_t* __restrict blocked = blocked_.data();
        for (std::size_t v = 0; v < u; ++v)
            blocked[v] = seen[v] | (use0 & ab0[v]) | (use1 & ab1[v]);
    }
    const void* hole = std::memchr(blocked_.data(), 0, u);
    const std::size_t scarce =
        hole ? static_cast<std::size_t>(static_cast<const std::uint8_t*>(hole) - blocked_.data())
             : u;

    // Abundant values below `scarce` that no scan has witnessed yet: a byte
    // per value, kept up to date by whole-array passes the compiler
    // vectorises (W may hold a thousand values).
    std::uint8_t* __restrict need = need_.data();
    const std::uint8_t* __restrict blocked = blocked_.data();
    for (std::size_t v = 0; v < scarce; ++v)
        need[v] = blocked[v] & (seen[v] ^ 1);                      // abundant, not seen
    auto strike = [&](const std::uint8_t* __restrict witnessed) {  // values left
        std::size_t left = 0;
        for (std::size_t v = 0; v < scarce; ++v) {
            need[v] &= witnessed[v] ^ 1;
            left += need[v];
        }
        return left;
    };
    std::size_t left = scarce;
    for (const auto* s : rems_) left = strike(s->witnessed.data());
    // First chunk: about one pair per abundant value below the bound.
    const std::size_t first_chunk =
        std::max<std::size_t>(64, std::min<std::size_t>(scarce, abundant_size_) / 2);
    // Scan common pairs round robin over the remainders, in growing chunks,
    // so a witness in any of them is found early; the pair loop only marks.
    // Once few values are left, hunt() looks for just those.
    const std::uint32_t* const g = g_.data();
    std::size_t chunk = first_chunk;
    for (; left > kScanMax; chunk = std::min<std::size_t>(2 * chunk, 1 << 14)) {
        bool progressed = false;
        for (auto* rem : rems_) {
            if (left <= kScanMax) break;
            auto& s = *rem;
            const std::size_t last = s.r / 2;
            if (s.next_a > last) continue;
            const std::uint8_t* __restrict abundant = abundant_[abundant_class(s.r)].data();
            std::uint8_t useful = 0;
            for (std::size_t v = 0; v < scarce; ++v) useful |= need[v] & abundant[v];
            if (!useful) continue;
            progressed = true;
            const std::size_t r = s.r, begin = s.next_a, end = std::min(last + 1, begin + chunk);
            std::uint8_t* __restrict witnessed = s.witnessed.data();
            for (std::size_t a = begin; a < end; ++a) witnessed[g[a] ^ g[r - a]] = 1;
            s.next_a = end;
            work_ += end - begin;
            left = strike(witnessed);
        }
        if (!progressed) break;
    }
    if (left > 0 && left <= kScanMax) hunt(scarce, chunk);
    const void* first_missing = left ? std::memchr(need, 1, scarce) : nullptr;
    const std::size_t mex =
        first_missing
            ? static_cast<std::size_t>(static_cast<const std::uint8_t*>(first_missing) - need)
            : scarce;

    const auto value = static_cast<std::uint32_t>(mex);
    g_[n] = value;
    if (mex >= universe_) set_universe(universe_ * 2);  // mex <= universe_: one doubling is enough
    if (rare(n)) {
        if (helper_ && rare_pos_.size() == rare_pos_.capacity()) helper_->wait();  // it would move
        rare_pos_.push_back(static_cast<std::uint32_t>(n));
        rare_val_.push_back(value);
    }
    return value;
}

}  // namespace toroid::games::detail
