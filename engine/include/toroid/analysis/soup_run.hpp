// One soup of a sweep: how it is made, watched and classified.
//
// Soup i of rule r under seed S is reproducible anywhere: its own seed is
//   soup_seed = Philox4x32-10(counter = (i, i >> 32, h, h >> 32), key = S)
// (h: a 64-bit FNV-1a hash of the rule's canonical text), its cells are
// fill_soup(soup_w x soup_h, density, soup_seed) placed at the centre of the
// torus as place_pattern places a pattern, and soup_seed also keys a
// stochastic rule's draws. So `toroid run --rule R --size WxH --soup D
// --seed soup_seed` replays a soup that fills its torus, and the soup's RLE
// (soup_rle) replays any other with `--pattern`.
//
// SoupTracker watches one soup through the batch history (batch_backend.hpp):
//   * Every generation's Grid::hash() goes into a table; the first hash seen
//     twice gives the period P = t - t0 and the stabilisation generation t0,
//     as apgsearch's hash-based detection does (deterministic rules).
//   * When the population has been periodic (period q <= 60) for a while,
//     the ash is split into objects (object_split.hpp) and each is
//     identified on its own: if all are still lifes, oscillators or ships and
//     one is a ship, the soup is settled with `ships` escaping (on a torus
//     ships never leave, so the whole state need not repeat).
//   * A population of half the torus and four times the soup's, or an end at
//     the generation limit with twice the soup's and an eighth of the torus,
//     is `explosive` (with the least-squares growth slope); any other soup
//     still running at the limit is `chaotic`.
//   * Stochastic rules have no periods: a soup dies (extinction generation)
//     or runs to the limit; the final density is reported.
// Settled ash is split into objects, each named by its apgcode.
//
// Rules no batch engine runs (more than two states, range beyond 1: Rule::
// needs_multistate_backend) run one soup at a time on the 2-D "cpu" Backend
// (run_soup_on_backend), one thread, watched by the same tracker through
// the same populations (non-zero cells) and hashes; soups start with their
// live cells in state 1. Generations ash is split and coded as two-state
// ash is (lifelib's layered codes; its phases stepped on that backend);
// Larger than Life and named rules have no object split, so their ash is
// not censused and a periodic soup is `stable` (with its period), never
// `ships`.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "toroid/core/backend.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

enum class SoupClass { Dies = 0, Stable, Ships, Explosive, Chaotic };
constexpr int kSoupClasses = 5;
const char* soup_class_name(SoupClass c);

struct SoupConfig {
    std::int64_t soup_width = 16, soup_height = 16;
    double density = 0.5;
    std::int64_t torus_width = 256, torus_height = 256;
    std::uint64_t max_gens = 4000;
    std::uint64_t seed = 1;
    // Set: apgsearch's soups instead (soup i is the hashsoup root + i in
    // `symmetry`; sweep.hpp's run_sweep), replayed by their IDs.
    std::string root;
    std::string symmetry = "C1";
};

struct SoupOutcome {
    std::uint64_t index = 0;
    std::uint64_t soup_seed = 0;
    SoupClass cls = SoupClass::Chaotic;
    std::uint64_t generations = 0;  // generations watched
    std::uint64_t settled_at = 0;   // dies / stable / ships: first generation of the final regime
    std::uint64_t period = 0;       // stable / ships
    double growth_slope = 0;        // explosive: cells per generation
    std::uint64_t final_population = 0;
    double final_density = 0;
    std::vector<std::string> objects;  // apgcodes of the ash
};

std::uint64_t rule_hash(const Rule& rule);
std::uint64_t soup_seed(std::uint64_t seed, const Rule& rule, std::uint64_t index);
Grid make_soup_cells(const SoupConfig& c, std::uint64_t soup_seed);  // soup_w x soup_h
Grid make_soup_torus(const SoupConfig& c, std::uint64_t soup_seed);  // placed at the centre
std::string soup_rle(const SoupConfig& c, const Rule& rule, std::uint64_t soup_seed);

// Objects of a settled torus: the envelope over `window` generations from
// `state` (at `generation`), split and identified; apgcodes, or
// "zz_UNKNOWN" for a piece that is not periodic on its own within `max_period`.
struct AshCensus {
    std::vector<std::string> codes;
    bool all_periodic = true;
    bool any_ship = false;
    std::uint64_t max_period = 1;
};
// Soup `index` of a rule the batch engines do not run, to its fate (see above).
SoupOutcome run_soup_on_backend(const SoupConfig& config, const Rule& rule, std::uint64_t index);

AshCensus analyse_ash(const Grid& state, const Rule& rule, std::uint64_t window,
                      std::uint64_t max_period = 240);

class SoupTracker {
  public:
    SoupTracker(const SoupConfig& config, const Rule& rule, std::uint64_t index);
    // Loads the soup into slot `slot` of the batch.
    void load(TorusBatch& batch, std::size_t slot);
    // Takes the generations just advanced (history of slot `slot`); returns
    // true when the soup's fate is known (then outcome() is final).
    bool ingest(const TorusBatch& batch, const BatchHistory& history, std::size_t slot);
    // The same through a 2-D Backend, one generation a call: how soups of
    // rules no batch engine runs (more than two states, range beyond 1)
    // are watched (run_soup_on_backend). Their periodic soups are `stable`
    // with their period; no object split exists for them, so no ash census
    // and no `ships` class (a ship's torus repeats as a whole, `stable`).
    void load(Backend& backend);
    bool ingest(const Backend& backend);
    const SoupOutcome& outcome() const { return outcome_; }

  private:
    bool ingest(const std::uint32_t* population, const std::uint64_t* hashes, std::size_t stride,
                std::uint64_t gens, const std::function<Grid()>& state);
    void finish(SoupClass cls);
    bool check_ships(const Grid& state);

    const SoupConfig& config_;
    Rule rule_;
    bool multistate_ = false;  // Rule::needs_multistate_backend(): a Backend's soup
    bool split_ash_ = true;    // range 1, two-state or Generations: ash split into objects
    CompiledRule compiled_;
    SoupOutcome outcome_;
    std::uint64_t generation_ = 0;
    std::vector<std::uint32_t> pops_;
    // Hashes seen so far -> generation (open addressing; generation + 1 in
    // seen_at_, 0 = empty slot).
    bool seen_before(std::uint64_t hash, std::uint32_t generation, std::uint32_t& earlier);
    std::vector<std::uint64_t> seen_hash_;
    std::vector<std::uint32_t> seen_at_;
    std::size_t seen_count_ = 0;
    std::uint64_t next_ship_check_ = 0;
    std::uint64_t cells_ = 0;
};

}  // namespace toroid
