// Internal to the census (soup_census.cpp): apgsearch's view of a soup's
// run beside the census's torus.
//
// ApgsearchPlane: lifelib's plane, where the ships the census deleted fly
// on, read by apgsearch's schedule (apgsearch_schedule.hpp).
// EarlyWindow: the soup's phases kept and coded where that schedule's
// population test succeeds before the cells repeat.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "apgsearch_schedule.hpp"
#include "soup_census_state.hpp"
#include "toroid/analysis/ship_catalog.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/analysis/universe.hpp"

namespace toroid::detail {

// apgsearch's plane beside the census's torus, read by its schedule
// (apgsearch_schedule.hpp): lifelib's coordinates are the torus's less
// (ox, oy), which move with the cells, and the ships the census deleted
// fly on there. Two-state rules only (`on`).
class ApgsearchPlane {
  public:
    ApgsearchPlane(bool on, LifelibTiling tiling, std::int64_t ox, std::int64_t oy)
        : on_(on), tiling_(tiling), ox_(ox), oy_(oy) {}

    bool on() const { return on_; }
    // Whether the schedule still reads generations (each must be observed).
    bool reading() const { return on_ && !schedule_.decision(); }
    void moved(std::int64_t dx, std::int64_t dy) { ox_ += dx, oy_ += dy; }
    void deleted(std::vector<FlownShip>& ships, std::uint64_t t) {
        for (FlownShip& f : ships) {
            f.x -= ox_;
            f.y -= oy_;
            f.at = t;
            flown_.push_back(std::move(f));
        }
    }

    // The torus u at generation t, for the schedule if it reads it.
    void observe(const Universe& u, std::uint64_t t) {
        if (!reading() || t != schedule_.next()) return;
        std::int64_t population = std::int64_t(u.population());
        for (const FlownShip& f : flown_)
            population += std::int64_t(
                f.kind.phases[std::size_t((t - f.at) % std::uint64_t(f.kind.period))].size());
        std::uint64_t hash = 0;
        if (schedule_.hash_wanted()) {
            std::vector<Cell> plane = u.cells();
            for (Cell& c : plane) c.x -= ox_, c.y -= oy_;
            for (const FlownShip& f : flown_) {
                const std::vector<Cell> ship =
                    ShipCatalog::cells_at(f.kind, f.x, f.y, std::int64_t(f.at), std::int64_t(t));
                plane.insert(plane.end(), ship.begin(), ship.end());
            }
            hash = lifelib_total_hash(tiling_, plane);
        }
        schedule_.observe(population, hash);
    }

    // Where apgsearch classifies the soup, once its schedule has ended
    // (Decision::periodic_population: by its population test).
    const std::optional<ApgsearchSchedule::Decision>& decision() const {
        return schedule_.decision();
    }

  private:
    bool on_;
    LifelibTiling tiling_;
    std::int64_t ox_, oy_;
    std::vector<FlownShip> flown_;
    ApgsearchSchedule schedule_;
};

// Where apgsearch's population test succeeds before the soup's cells
// repeat, apgsearch classifies what is there: the soup's phases over the
// window are kept and coded (unless a ship is deleted or the torus grows
// meanwhile), and that coding stands when it holds no PATHOLOGICAL
// (apgsearch would run on 10000 generations, by when the soup has settled).
class EarlyWindow {
  public:
    using Decision = ApgsearchSchedule::Decision;

    // Whether the window is being kept (the runner then steps one
    // generation at a time).
    bool recording(const std::optional<Decision>& d, bool settled, std::uint64_t t) const {
        const Decision* e = followed(d);
        return e && !settled && t < e->start + e->window;
    }
    // Generation t of the soup (its census so far `out`, on a torus of side
    // `side`); at the window's end code(phases, window) codes the phases
    // kept, or gives nothing.
    template <class Code>
    void observe(const std::optional<Decision>& d, std::uint64_t t, const SoupCensus& out,
                 std::int64_t side, const Universe& u, Code&& code) {
        const Decision* e = followed(d);
        if (!e || t < e->start || t > e->start + e->window) return;
        if (out.settled) {
            done_ = true;
            return;
        }
        if (t == e->start) {
            before_ = out.objects;
            ships_ = out.ships_removed;
            side_ = side;
        } else if (out.ships_removed != ships_ || side != side_) {
            done_ = true;  // a ship deleted or the torus grown: not followed
            return;
        }
        phases_.push_back(u.occupied());
        if (t == e->start + e->window) {
            coded_ = code(phases_, e->window);
            done_ = true;
            phases_.clear();
        }
    }
    // Whether the window's coding stands, what it coded and the objects
    // counted before it (ships deleted on the way).
    bool stands() const {
        return coded_ && std::find(coded_->begin(), coded_->end(), "PATHOLOGICAL") == coded_->end();
    }
    const std::optional<std::vector<std::string>>& coded() const { return coded_; }
    const std::vector<std::string>& objects_before() const { return before_; }

  private:
    const Decision* followed(const std::optional<Decision>& d) const {
        return d && d->periodic_population && !done_ ? &*d : nullptr;
    }

    std::vector<std::vector<Cell>> phases_;
    std::optional<std::vector<std::string>> coded_;
    std::vector<std::string> before_;
    bool done_ = false;
    std::uint64_t ships_ = 0;
    std::int64_t side_ = 0;
};

}  // namespace toroid::detail
