// Internal to the census: the state one SoupCensusRunner keeps between
// soups (soup_census.cpp runs a soup, unsettled_soup.cpp codes one that did
// not settle). Tori of each size, kept; the ship catalog and the apgcodes
// of shapes met, memoised (and started afresh past a bound); the ash
// separator. object_codes() names an object, or its parts where lifelib 2's
// 3D separation splits it (PATHOLOGICAL where identify() cannot name it),
// ship_codes_of() names a catalogued ship's objects (two gliders side by
// side are two), code_ash() separates one period of ash and names its
// objects.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <unordered_map>
#include <vector>

#include "apgsearch_schedule.hpp"
#include "cell_groups.hpp"
#include "census_torus.hpp"
#include "first_seen.hpp"
#include "space_time_split.hpp"
#include "toroid/analysis/canonical_code.hpp"
#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/object_separation.hpp"
#include "toroid/analysis/ship_catalog.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/analysis/universe.hpp"
#include "union_find.hpp"

namespace toroid {
namespace detail {

// A grid's cells as a memo key: every plane (a Generations object's dying
// cells too).
inline std::string grid_key(const Grid& g) {
    std::string k = std::to_string(g.width()) + "x" + std::to_string(g.height()) + ":";
    for (int p = 0; p <= g.state_planes(); ++p)
        k.append(reinterpret_cast<const char*>(g.plane(p).data()), g.plane(p).size() * 8);
    return k;
}

// A ship the census deleted: its kind, and the top-left corner of the
// kind's phase 0 at generation `at` (it flies on in apgsearch's plane).
struct FlownShip {
    ShipKind kind;
    std::int64_t x = 0, y = 0;
    std::uint64_t at = 0;
};

}  // namespace detail

struct SoupCensusRunner::State {
    Rule rule;
    CensusOptions options;
    Universe* universe = nullptr;
    // One torus per size, kept: soups that grow their torus would otherwise
    // allocate (and fault in) a larger one, then the first size again.
    std::map<std::int64_t, std::unique_ptr<Universe>> tori;
    std::unique_ptr<ShipCatalog> catalog_store;  // replaced when its memo grows large
    ObjectSeparator separator;
    std::unordered_map<int, std::vector<std::string>> ship_codes;  // catalog kind -> apgcodes
    std::unordered_map<std::string, std::vector<std::string>> split_codes;  // grid_key -> parts'
    // lifelib's zone of influence is the 5 x 5 square ("99"), not without its
    // corners ("95"): births from opposite corners (3x3 masks 257 and 68),
    // and every Generations rule (lifelib's classifier strips the g-prefix
    // with a loop that stops at the digits, so such a rule never reaches
    // the birth-table test).
    bool zone_corners = false;
    detail::SpaceTimeSplit splitter;
    // Generations rules: cells carry their states (Universe::occupied()).
    bool multistate = false;
    // apgsearch's tiles for this rule (its schedule's hashes).
    detail::LifelibTiling tiling;
    detail::FirstSeen seen, hashed;  // the repeat detector's (soup_census.cpp), kept

    State(const Rule& r, CensusOptions o)
        : rule(r),
          options(std::move(o)),
          catalog_store(std::make_unique<ShipCatalog>(r)),
          // A Generations rule's births are its live plane's (dying cells
          // neither count nor are born on).
          separator(r.two_state().compile()),
          zone_corners(r.multi_state() || separator.births(257) || separator.births(68)),
          splitter(r, zone_corners),  // up to 7 colours in the "99" zone
          multistate(r.multi_state()),
          tiling(detail::lifelib_tiling(r)) {}

    ShipCatalog& catalog() { return *catalog_store; }

    // The memos keep every shape met, and a long census meets millions of
    // transient ones: they start afresh (between soups) past a bound.
    void bound_memos() {
        constexpr std::size_t kMaxShapes = 1 << 18, kMaxCodes = 1 << 16;
        if (kind_of_shape.size() > kMaxShapes) {
            kind_of_shape.clear();
            ship_codes.clear();  // keyed by the old catalog's kinds
            catalog_store = std::make_unique<ShipCatalog>(rule);
        }
        if (islands.size() > kMaxCodes) islands.clear();
        if (split_codes.size() > kMaxCodes) {
            split_codes.clear();
            ship_codes.clear();
        }
    }

    void use_torus(std::int64_t side) {
        std::unique_ptr<Universe>& torus = tori[side];
        if (!torus && options.census_torus) torus = detail::make_census_torus(rule, side);
        if (!torus) {
            BackendOptions bo;
            bo.threads = 1;  // soups run in parallel, one per thread
            torus = make_universe("auto", rule, side, side, bo);
        }
        universe = torus.get();
    }

    // The catalog's kind of a group (-1: not a ship), memoised by a 64-bit
    // hash of its shape (the catalog's own memo builds a text key per call).
    std::unordered_map<std::uint64_t, int> kind_of_shape;
    int ship_kind(const std::vector<Cell>& cells, const std::vector<std::uint32_t>& group,
                  const Rect& box) {
        std::uint64_t h = 0x9e3779b97f4a7c15ull ^ std::uint64_t(box.width << 8 | box.height);
        for (std::uint32_t i : group)
            h = (h ^ std::uint64_t(std::uint64_t(cells[i].state) << 16 | (cells[i].y - box.y) << 8 |
                                   (cells[i].x - box.x))) *
                0x100000001b3ull;
        auto it = kind_of_shape.find(h);
        if (it != kind_of_shape.end()) return it->second;
        std::vector<Cell> shape;
        for (std::uint32_t i : group)
            shape.push_back({cells[i].x - box.x, cells[i].y - box.y, cells[i].state});
        return kind_of_shape[h] = catalog().classify(shape);
    }

    // The objects of a ship group: usually one ship, but ships flying side
    // by side are one group that moves as one. They are split as the ash's
    // objects are, by lifelib 2's 3D separation (object_codes): parts that
    // each fly on alone as they do together are objects of their own (two
    // gliders side by side are two; b37s2-i34q's two xq5_27 that touch at
    // some phases are two, as lifelib counts them), parts that shape one
    // another stay one (B2-a/S12's xq6_30d is two xq6_15 that would not fly
    // apart as they do together, one object for apgsearch; Star Wars' c/4
    // pairs).
    const std::vector<std::string>& ship_codes_of(int kind) {
        auto it = ship_codes.find(kind);
        if (it != ship_codes.end()) return it->second;
        const ShipKind& k = catalog().kind(kind);
        // A copy of the codes: object_codes() may add entries to the memo.
        std::vector<std::string> named =
            object_codes(cells_grid(k.phases[0]), std::uint64_t(k.period));
        return ship_codes[kind] = std::move(named);
    }

    // The cells' box as a Grid.
    static Grid cells_grid(const std::vector<Cell>& cells) {
        const Rect b = detail::box_of(cells);
        Grid g(b.width, b.height);
        for (const Cell& c : cells) g.set_state(c.x - b.x, c.y - b.y, c.state);
        return g;
    }

    // identify() of an object alone as the census asks it (for a period up
    // to `period` and a little more, growth not looked for), and whether it
    // names it with an apgcode.
    Identification identify_alone(const Grid& cells, std::uint64_t period) const {
        IdentifyOptions io;
        io.max_generations = period + 64;
        io.detect_growth = false;
        return identify(cells, rule, io);
    }
    static bool named(const Identification& id) {
        return id.kind == "still" || id.kind == "oscillator" || id.kind == "spaceship";
    }

    // One period of settled ash (phases[k]: its cells k generations on),
    // cropped to its envelope's box plus an empty margin (no wrapping),
    // separated into objects and coded.
    void code_ash(const std::vector<std::vector<Cell>>& phases, std::uint64_t period,
                  std::vector<std::string>& objects) {
        Rect box;
        for (const auto& list : phases) box = detail::unite(box, detail::box_of(list));
        if (box.empty()) return;
        std::vector<Grid> grids;
        for (const auto& list : phases) {
            Grid g(box.width + 4, box.height + 4);
            for (const Cell& c : list) g.set_state(c.x - box.x + 2, c.y - box.y + 2, c.state);
            grids.push_back(std::move(g));
        }
        const std::vector<AshObject> separated = separator.separate(grids);
        // Each object alone, or on hexagonal rules lifelib's clusters of them.
        std::vector<std::vector<std::size_t>> clusters;
        if (hexagonal())
            clusters = zone_clusters(separated, grids);
        else
            for (std::size_t i = 0; i < separated.size(); ++i) clusters.push_back({i});
        for (const std::vector<std::size_t>& cluster : clusters) {
            const AshObject& first = separated[cluster[0]];
            if (first.wraps) {
                objects.push_back("PATHOLOGICAL");
                continue;
            }
            Grid merged;  // a cluster of several objects
            if (cluster.size() > 1) merged = joined(separated, cluster);
            const auto& parts = object_codes(cluster.size() == 1 ? first.cells : merged, period);
            objects.insert(objects.end(), parts.begin(), parts.end());
        }
    }

    // Whether each island of the phases' envelope (cells within two of each
    // other, as lifelib's classifier joins them before it splits) is, at
    // the last phase and alone, objects that an apgcode names: not a
    // glider about to hit a block, which lifelib's classifier, meeting an
    // island that does not repeat, calls PATHOLOGICAL.
    bool islands_named(const std::vector<std::vector<Cell>>& phases, std::uint64_t period) {
        const detail::EnvelopeGroups e = detail::envelope_groups(phases);
        std::vector<std::vector<Cell>> last(e.groups.size());
        for (const Cell& c : phases.back()) {
            const auto at = std::lower_bound(e.envelope.begin(), e.envelope.end(), c);
            last[e.group_of[std::size_t(at - e.envelope.begin())]].push_back(c);
        }
        for (const auto& cells : last) {
            if (cells.empty()) continue;
            Grid island = cells_grid(cells);
            std::string key = detail::grid_key(island) + "/" + std::to_string(period);
            auto it = islands.find(key);
            if (it == islands.end()) {
                // Repeating from this state on: a glider about to hit a loaf
                // settles into something, but not as itself.
                const Identification id = identify_alone(island, period);
                it = islands.emplace(std::move(key), named(id) && id.settles_at == 0).first;
            }
            if (!it->second) return false;
        }
        return true;
    }
    std::unordered_map<std::string, bool> islands;  // islands_named()'s, by grid_key

    // The cells of several separated objects in one grid (their box).
    static Grid joined(const std::vector<AshObject>& objects,
                       const std::vector<std::size_t>& which) {
        Rect b;
        for (std::size_t i : which) {
            const AshObject& o = objects[i];
            b = detail::unite(b, Rect{o.x, o.y, o.cells.width(), o.cells.height()});
        }
        Grid g(b.width, b.height);
        for (std::size_t i : which) {
            const AshObject& o = objects[i];
            for (std::int64_t y = 0; y < o.cells.height(); ++y)
                for (std::int64_t x = 0; x < o.cells.width(); ++x)
                    if (const int state = o.cells.state(x, y))
                        g.set_state(o.x + x - b.x, o.y + y - b.y, state);
        }
        return g;
    }

    // The codes of one separated object: its own, or its parts' when
    // lifelib 2's 3D separation splits it (space_time_split.hpp), each part
    // split again; memoised by shape.
    const std::vector<std::string>& object_codes(const Grid& cells, std::uint64_t period) {
        std::string key = detail::grid_key(cells);
        auto it = split_codes.find(key);
        if (it != split_codes.end()) return it->second;
        const Identification id = identify_alone(cells, period);
        const bool coded = named(id);
        std::vector<std::string> found;
        const bool turn = hexagonal() && id.dx == 0 && id.dy == 0 && id.period <= kMaxTurnedPeriod;
        const std::vector<Grid> parts =
            coded ? splitter.split(turn ? as_lifelib_writes_it(cells, id.period) : cells, id.period,
                                   id.dx, id.dy)
                  : std::vector<Grid>{cells};
        if (!coded)
            found.push_back("PATHOLOGICAL");
        else if (parts.size() == 1)
            found.push_back(id.code);
        else
            for (const Grid& part : parts) {
                const auto& codes_of_part = object_codes(part, id.period);
                found.insert(found.end(), codes_of_part.begin(), codes_of_part.end());
            }
        return split_codes[std::move(key)] = std::move(found);
    }

    bool hexagonal() const { return rule.neighbourhood() == Neighbourhood::Hexagonal; }

    // Hexagonal rules. lifelib 2 splits an object (full_3dsep) as it
    // rebuilds it from its apgcode, in the phase and orientation the code
    // is written in, joining cells by the Moore neighbourhood: its 8
    // neighbours are not the hexagonal lattice's, so which cells touch
    // depends on the orientation. A still life or oscillator (up to
    // kMaxTurnedPeriod) is turned to that orientation before it is split;
    // a ship is split as it lies.
    static constexpr std::uint64_t kMaxTurnedPeriod = 64;
    Grid as_lifelib_writes_it(const Grid& cells, std::uint64_t period) const {
        // Room for the phases: an oscillator's rotor leaves phase 0's box
        // by at most a cell a generation.
        const std::int64_t margin = 2 + std::int64_t(period);
        Grid phase(cells.width() + 2 * margin, cells.height() + 2 * margin);
        for (std::int64_t y = 0; y < cells.height(); ++y)
            for (std::int64_t x = 0; x < cells.width(); ++x)
                if (const int state = cells.state(x, y))
                    phase.set_state(x + margin, y + margin, state);
        std::vector<Grid> phases{phase};
        for (std::uint64_t k = 1; k < period; ++k) phases.push_back(splitter.step(phases.back()));
        const CanonicalForm form =
            canonical_form(phases, Neighbourhood::Hexagonal, multistate ? rule.states() : 2);
        const Grid& chosen = phases[form.phase];
        return hex_orient(chosen.crop(chosen.bounding_box()), form.orientation);
    }

    // Hexagonal rules: objects whose cells in any phase come within
    // lifelib's zone of influence of one another (two cells; the corners
    // of the 5 x 5 square too where births come from opposite corners) are
    // one cluster, coded together (object_codes() then splits it in the
    // orientation lifelib does), as lifelib 2's census grows clusters over
    // the envelope before it identifies and splits them. On the square
    // lattice the split is the same in every orientation, and toroid's
    // separation already gives lifelib's objects. `phases` are the grids
    // the objects were separated from. Returns groups of object indices.
    std::vector<std::vector<std::size_t>> zone_clusters(const std::vector<AshObject>& objects,
                                                        const std::vector<Grid>& phases) const {
        auto key = [](std::int64_t x, std::int64_t y) {
            return (std::uint64_t(std::uint32_t(x)) << 32) | std::uint32_t(y);
        };
        std::unordered_map<std::uint64_t, std::uint32_t> index;  // envelope cell -> number
        std::vector<std::pair<std::int64_t, std::int64_t>> envelope;
        for (const Grid& phase : phases)
            for (std::int64_t y = 0; y < phase.height(); ++y)
                for (std::int64_t x = 0; x < phase.width(); ++x)
                    if (phase.state(x, y) &&
                        index.emplace(key(x, y), std::uint32_t(envelope.size())).second)
                        envelope.push_back({x, y});
        detail::UnionFind zone(envelope.size());
        for (std::size_t i = 0; i < envelope.size(); ++i)
            for (std::int64_t dy = -2; dy <= 2; ++dy)
                for (std::int64_t dx = -2; dx <= 2; ++dx) {
                    if (!zone_corners && std::abs(dx) == 2 && std::abs(dy) == 2) continue;
                    const auto it =
                        index.find(key(envelope[i].first + dx, envelope[i].second + dy));
                    if (it != index.end()) zone.unite(std::uint32_t(i), it->second);
                }
        std::map<std::uint32_t, std::vector<std::size_t>> by_root;
        for (std::size_t i = 0; i < objects.size(); ++i) {
            const AshObject& o = objects[i];
            std::uint32_t root = std::numeric_limits<std::uint32_t>::max() - std::uint32_t(i);
            if (!o.wraps)  // a wrapping object stays alone (PATHOLOGICAL)
                for (std::int64_t x = 0; x < o.cells.width(); ++x)
                    if (o.cells.state(x, 0)) {  // a cell of its box's first row
                        const auto it = index.find(key(o.x + x, o.y));
                        if (it != index.end()) root = zone.find(it->second);
                        break;
                    }
            by_root[root].push_back(i);
        }
        std::vector<std::vector<std::size_t>> clusters;
        for (auto& [root, members] : by_root) clusters.push_back(std::move(members));
        std::sort(clusters.begin(), clusters.end());
        return clusters;
    }

    // What a sweep that looks for ships finds and removes (soup_census.cpp):
    // their codes, their cells, and each ship (torus coordinates, `at` 0).
    Rect ships_leaving(const std::vector<Cell>& cells, std::vector<std::string>& objects,
                       std::uint64_t& removed, std::vector<Cell>& doomed,
                       std::vector<detail::FlownShip>& flown);

    // Joins neighbouring groups that are one ship together (a ship whose
    // phase is in pieces; ships side by side: soup_census.cpp).
    void join_groups(const std::vector<Cell>& cells, const std::vector<std::size_t>& candidates,
                     bool ships, std::vector<std::vector<std::uint32_t>>& groups,
                     std::vector<Rect>& boxes, std::vector<int>& kinds);

    // A soup that did not settle, split by what its parts do over `window`
    // generations (unsettled_soup.cpp): kUnsettledWindow, or apgsearch's
    // separation window where its schedule ended the run.
    static constexpr std::uint64_t kUnsettledWindow = 256;
    void code_unsettled(Universe& u, std::uint64_t t,
                        const std::vector<std::pair<std::uint64_t, std::uint64_t>>& pops,
                        bool overflow, std::uint64_t window, std::vector<std::string>& objects);
};

}  // namespace toroid
