// Internal to the census: when apgsearch v4 classifies a soup, so that a
// soup that does not settle is coded at the same generation (a puffer's
// trail is as long as apgsearch's run made it).
//
// apgsearch's censusSoup runs stabilise3 on its plane (lifelib's upattern,
// which deletes nothing: escaping ships fly on):
//   * naivestab_awesome: up to 1000 population samples, 8 generations apart
//     (12 from iteration 200, 30 from 400; security 15 equal samples in a
//     row, 20 from iteration 25, 25 from 50, 30 from 75); a sample whose
//     population changed while the interval is under 30 is followed by 12
//     more generations and skips an iteration (so the interval's changes
//     at 200 and 400 can be skipped too);
//   * when that fails, every 30 generations the hash of the tiles within
//     120 tiles of the origin (upattern::totalHash(120)) goes into a list
//     kept sorted by truncation: the first hash already in the list gives
//     the period p (generations since that sample); the pattern then runs
//     p generations at a time, up to 20 times, until its population
//     changes, which makes the duration max(p, 1280); after 4000 samples
//     it runs 1280 more with duration 1280;
// and separate() runs `duration` generations more with history and
// classifies the pattern at their end.
//
// ApgsearchSchedule replays that on the census's populations (lifelib's:
// every live cell, the ships the census deleted added back) and, at the
// second stage's samples, lifelib's hash of the same plane
// (lifelib_total_hash(), exact: lifelib's tile hashes are functions of the
// tiles' cells). Only two-state rules (lifelib's Generations tiles hash
// several layers).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "toroid/analysis/universe.hpp"
#include "toroid/core/rule.hpp"

namespace toroid::detail {

// The tiles of apgsearch's upattern for a rule: 28 x 28 (VTile28) for the
// outer-totalistic Moore rules its mkparams.py recognises (b1?2?..8?s0?..8?),
// 16 x 16 (UTile) for the others. Tile (tx, tw) of a brick layout holds
// x in [tx W - tw W/2, + W), y in [-tw H, + H).
struct LifelibTiling {
    int side = 16;  // W = H
    bool vtile = false;
};
LifelibTiling lifelib_tiling(const Rule& rule);

// upattern::totalHash(radius) of the plane holding `cells` (lifelib's
// coordinates: the soup's bitworld as hashsoup places it).
std::uint64_t lifelib_total_hash(const LifelibTiling& tiling, std::span<const Cell> cells,
                                 std::int64_t radius = 120);

// Where apgsearch v4's own hashsoup (includes/hashsoup2.h) puts a soup,
// less where python-lifelib's (which hashsoup() follows) puts it: -8 in x
// and y for C1 and D2_x ((0, 0) against (8, 8)), 0 for the others. Its
// schedule hashes the plane around v4's origin.
std::int64_t apgsearch_v4_soup_shift(std::string_view symmetry);

class ApgsearchSchedule {
  public:
    struct Decision {
        std::uint64_t start = 0;           // generation of the pattern separate() starts from
        std::uint64_t window = 0;          // its duration: classified at start + window
        bool periodic_population = false;  // naivestab_awesome succeeded
    };

    ApgsearchSchedule() { begin_iteration(); }

    // The generation whose population (and, where hash_wanted(), hash) the
    // schedule reads next; generations before it are not looked at.
    std::uint64_t next() const { return next_; }
    bool hash_wanted() const { return stage_ == Stage::Hashes; }
    // Generation next()'s population, and its hash where hash_wanted().
    void observe(std::int64_t population, std::uint64_t hash = 0);
    const std::optional<Decision>& decision() const { return decision_; }

  private:
    enum class Stage { Naive, Hashes, Check, Done };
    void begin_iteration();
    void decide(std::uint64_t start, std::uint64_t window, bool periodic);

    Stage stage_ = Stage::Naive;
    std::uint64_t now_ = 0, next_ = 0;  // apgsearch's generation, and the next sample's
    // naivestab_awesome
    int i_ = 0, depth_ = 0, period_ = 8, security_ = 15;
    std::int64_t previous_ = 0;
    // the hash stage and its check
    int samples_ = 0, checks_ = 0;
    std::vector<std::uint64_t> hashes_, generations_;
    std::uint64_t check_period_ = 0;
    std::optional<Decision> decision_;
};

}  // namespace toroid::detail
