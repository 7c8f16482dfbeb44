// A small byte-per-cell torus for the built-in family tests: steps a
// StateRule cell by cell through next() (the definition), or row by row
// through step_row() (the fast path the backend calls), so that tests can
// compare the two and check hand-derived generations.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <random>
#include <vector>

#include "toroid/core/state_rule.hpp"

namespace toroid::test {

struct StateTorus {
    int width = 0, height = 0;
    std::vector<std::uint8_t> cells;

    StateTorus(int w, int h) : width(w), height(h), cells(std::size_t(w) * std::size_t(h), 0) {}
    // Rows given top to bottom, padded with state 0 to w x h.
    StateTorus(int w, int h, std::initializer_list<std::initializer_list<int>> rows)
        : StateTorus(w, h) {
        int y = 0;
        for (const auto& row : rows) {
            int x = 0;
            for (int s : row) at(x++, y) = std::uint8_t(s);
            ++y;
        }
    }

    std::uint8_t& at(int x, int y) {
        return cells[std::size_t(((y % height) + height) % height) * std::size_t(width) +
                     std::size_t(((x % width) + width) % width)];
    }
    std::uint8_t at(int x, int y) const { return const_cast<StateTorus&>(*this).at(x, y); }

    void fill_random(std::mt19937_64& rng, const std::vector<std::uint8_t>& states,
                     double density) {
        std::uniform_real_distribution<double> u(0, 1);
        std::uniform_int_distribution<std::size_t> pick(0, states.size() - 1);
        for (auto& c : cells) c = u(rng) < density ? states[pick(rng)] : 0;
    }

    // One generation through next(), cell by cell.
    StateTorus step(const StateRule& rule) const {
        StateTorus out(width, height);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                out.at(x, y) = rule.next(Block3x3{
                    at(x - 1, y - 1), at(x, y - 1), at(x + 1, y - 1), at(x - 1, y), at(x, y),
                    at(x + 1, y), at(x - 1, y + 1), at(x, y + 1), at(x + 1, y + 1)});
        return out;
    }

    // One generation through step_row(), with the wrap copied in.
    StateTorus step_rows(const StateRule& rule) const {
        StateTorus out(width, height);
        std::vector<std::uint8_t> rows[3];
        auto load = [&](std::vector<std::uint8_t>& r, int y) {
            r.assign(std::size_t(width) + 2, 0);
            for (int x = -1; x <= width; ++x) r[std::size_t(x + 1)] = at(x, y);
        };
        for (int y = 0; y < height; ++y) {
            load(rows[0], y - 1), load(rows[1], y), load(rows[2], y + 1);
            rule.step_row(rows[0].data() + 1, rows[1].data() + 1, rows[2].data() + 1, width,
                          &out.cells[std::size_t(y) * std::size_t(width)]);
        }
        return out;
    }

    bool operator==(const StateTorus&) const = default;
};

}  // namespace toroid::test
