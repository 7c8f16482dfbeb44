// ShipCatalog: isolated evolution, shape keys, names.
#include "toroid/analysis/ship_catalog.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/plane_layout.hpp"
#include "toroid/core/torus_step.hpp"

namespace toroid {

namespace {
constexpr std::int64_t kScratch = 128;
constexpr std::int64_t kOrigin = 44;
}  // namespace

namespace detail {

// The scratch torus an object runs on alone: kScratch x kScratch cells in
// canonical storage, stepped with the shared arithmetic of bitslice.hpp
// over the band of rows that can hold cells (the live rows and one on each
// side; the rule has no birth on 0). A methuselah sweep
// classifies a hundred new shapes for up to kMaxPeriod generations each:
// on a full Backend every generation of this tiny torus cost microseconds
// of scheduling, here it is the object's rows.
class ScratchTorus {
  public:
    explicit ScratchTorus(const Rule& rule)
        : shape_(TorusShape::of(kScratch, kScratch)),
          rule_(rule.compile()),
          cur_(std::size_t(shape_.torus_words()), 0),
          next_(cur_.size(), 0) {}

    void start(const std::vector<Cell>& cells) {
        std::fill(cur_.begin(), cur_.end(), 0);
        lo_ = kScratch, hi_ = 0;
        for (const Cell& c : cells) {
            cur_[std::size_t(c.y * shape_.words + c.x / 64)] |= std::uint64_t(1) << (c.x % 64);
            lo_ = std::min(lo_, c.y), hi_ = std::max(hi_, c.y + 1);
        }
    }

    void step() {
        with_step_variant(rule_, [&]<class V>(V) {
            if constexpr (!V::stochastic) step_with<V>();  // the catalogue is deterministic
        });
    }

    // Live cells sorted by (y, x).
    std::vector<Cell> cells() const {
        std::vector<Cell> out;
        for (std::int64_t y = lo_; y < hi_; ++y)
            for (std::int64_t j = 0; j < shape_.words; ++j)
                for (std::uint64_t w = cur_[std::size_t(y * shape_.words + j)]; w; w &= w - 1)
                    out.push_back({j * 64 + std::countr_zero(w), y});
        return out;
    }

  private:
    template <class V>
    void step_with() {
        const std::int64_t lo = std::max<std::int64_t>(0, lo_ - 1),
                           hi = std::min<std::int64_t>(kScratch, hi_ + 1);
        std::fill(next_.begin(), next_.end(), 0);
        std::int64_t new_lo = kScratch, new_hi = 0;
        for (std::int64_t y = lo; y < hi; ++y) {
            const Pair next = V::next(V::prepare(row_pair(y - 1)), V::prepare(row_pair(y)),
                                      V::prepare(row_pair(y + 1)), rule_);
            next_[std::size_t(2 * y)] = next[0];
            next_[std::size_t(2 * y + 1)] = next[1];
            if (next[0] | next[1]) new_lo = std::min(new_lo, y), new_hi = y + 1;
        }
        cur_.swap(next_);
        lo_ = new_lo, hi_ = new_hi;
    }

    // Both words of a 128-cell row, as one two-lane vector: around the torus
    // each word's west and east neighbour word is the other one, so a row is
    // stepped at once with bitslice.hpp's arithmetic (as torus_step.hpp does
    // word by word; the same cells, no wrap tests).
    typedef std::uint64_t Pair __attribute__((vector_size(16)));
    static_assert(kScratch == 128, "two words per row");
    using RowPair = Shifted3<Pair>;
    RowPair row_pair(std::int64_t y) const {
        const std::uint64_t* r = cur_.data() + 2 * wrap_near(y, kScratch);
        const Pair self = {r[0], r[1]}, other = {r[1], r[0]};
        return {shift_west(self, other), self, shift_east(self, other)};
    }

    TorusShape shape_;
    CompiledRule rule_;
    std::vector<std::uint64_t> cur_, next_;
    std::int64_t lo_ = 0, hi_ = 0;  // rows that may hold cells
};

// Multi-state rules (Generations): the object on a kScratch torus of the
// multi-state backend ("auto", one thread), its cells with their states.
class StateScratch {
  public:
    explicit StateScratch(const Rule& rule) {
        BackendOptions options;
        options.threads = 1;
        universe_ = make_universe("auto", rule, kScratch, kScratch, options);
    }
    void start(const std::vector<Cell>& cells) { universe_->start(cells, 0); }
    void step() { universe_->step(1); }
    std::vector<Cell> cells() const { return universe_->occupied(); }

  private:
    std::unique_ptr<Universe> universe_;
};

}  // namespace detail

using detail::ScratchTorus;
using detail::StateScratch;

namespace {

std::string shape_key(const std::vector<Cell>& cells) {
    std::string key;
    key.reserve(cells.size() * 2);
    for (const Cell& c : cells) {
        key.push_back(char(c.x));
        key.push_back(char(c.y));
        if (c.state != 1) {  // x, y < 128: the marker is no coordinate
            key.push_back(char(0x80));
            key.push_back(char(c.state));
        }
    }
    return key;
}

std::string ship_name(const Rule& rule, std::int64_t dx, std::int64_t dy, int period,
                      std::size_t min_pop) {
    const std::int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    if (!rule.needs_multistate_backend() && is_life(rule.compile())) {
        if (ax == 1 && ay == 1 && period == 4 && min_pop == 5) return "glider";
        if (ax + ay == 2 && (ax == 0 || ay == 0) && period == 4) {
            if (min_pop == 9) return "LWSS";
            if (min_pop == 11) return "MWSS";
            if (min_pop == 13) return "HWSS";
        }
    }
    return "(" + std::to_string(std::max(ax, ay)) + "," + std::to_string(std::min(ax, ay)) + ")c/" +
           std::to_string(period) + " ship";
}

}  // namespace

ShipCatalog::ShipCatalog(const Rule& rule) : rule_(rule) {
    if (rule.stochastic() || rule.births_on_zero()) return;
    if (rule.needs_multistate_backend())
        states_ = std::make_unique<StateScratch>(rule);
    else
        scratch_ = std::make_unique<ScratchTorus>(rule);
}

ShipCatalog::~ShipCatalog() = default;

int ShipCatalog::add(ShipKind kind) {
    kinds_.push_back(std::move(kind));
    const int index = int(kinds_.size()) - 1;
    memo_[shape_key(kinds_.back().phases[0])] = index;
    return index;
}

int ShipCatalog::classify(const std::vector<Cell>& cells) {
    if ((!scratch_ && !states_) || cells.empty() || cells.size() > kMaxCells) return -1;
    const std::string key = shape_key(cells);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    int result = -1;
    std::int64_t w = 0, h = 0;
    for (const Cell& c : cells) w = std::max(w, c.x + 1), h = std::max(h, c.y + 1);
    if (w <= kMaxSize && h <= kMaxSize) {
        std::vector<Cell> placed = cells;
        for (Cell& c : placed) c.x += kOrigin, c.y += kOrigin;
        auto start = [&](const std::vector<Cell>& c) {
            states_ ? states_->start(c) : scratch_->start(c);
        };
        auto step = [&] { states_ ? states_->step() : scratch_->step(); };
        auto listed = [&] { return states_ ? states_->cells() : scratch_->cells(); };
        start(placed);
        ShipKind k;
        k.phases.push_back(cells);
        std::size_t min_pop = cells.size();
        std::vector<Cell> sorted = cells;  // the order cells() lists them in
        std::sort(sorted.begin(), sorted.end());
        for (int q = 1; q <= kMaxPeriod; ++q) {
            step();
            std::vector<Cell> now = listed();  // sorted by (y, x), as `cells` is
            if (now.empty()) break;
            // Its offset and extent, and whether it is `cells` moved by that
            // offset (compared in place: this runs for every new shape).
            std::int64_t x0 = now.front().x, x1 = x0;
            for (const Cell& c : now) x0 = std::min(x0, c.x), x1 = std::max(x1, c.x);
            const std::int64_t y0 = now.front().y, y1 = now.back().y;
            const bool same =
                now.size() == sorted.size() &&
                std::equal(now.begin(), now.end(), sorted.begin(),
                           [&](const Cell& a, const Cell& b) {
                               return a.x - x0 == b.x && a.y - y0 == b.y && a.state == b.state;
                           });
            if (same) {
                const std::int64_t dx = x0 - kOrigin, dy = y0 - kOrigin;
                if (dx == 0 && dy == 0) break;  // an oscillator or still life
                k.dx = dx, k.dy = dy, k.period = q;
                k.name = ship_name(rule_, dx, dy, q, min_pop);
                kinds_.push_back(std::move(k));
                result = int(kinds_.size()) - 1;
                break;
            }
            // Too big, or near the scratch torus edge: not a ship we can follow.
            if (y1 - y0 >= kMaxSize || x1 - x0 >= kMaxSize || x0 < 8 || y0 < 8 ||
                x0 > kScratch - kMaxSize - 8 || y0 > kScratch - kMaxSize - 8)
                break;
            min_pop = std::min(min_pop, now.size());
            for (Cell& c : now) c.x -= kOrigin, c.y -= kOrigin;
            k.phases.push_back(std::move(now));
        }
    }
    memo_[key] = result;
    return result;
}

std::vector<Cell> ShipCatalog::cells_at(const ShipKind& k, std::int64_t ox, std::int64_t oy,
                                        std::int64_t r, std::int64_t t) {
    const std::int64_t q = k.period;
    const std::int64_t n = t - r;
    const std::int64_t phase = ((n % q) + q) % q;
    const std::int64_t periods = (n - phase) / q;  // exact division
    std::vector<Cell> out = k.phases[std::size_t(phase)];
    for (Cell& c : out) c.x += ox + periods * k.dx, c.y += oy + periods * k.dy;
    return out;
}

}  // namespace toroid
