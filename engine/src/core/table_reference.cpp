// The plain matcher of rule tables (core/table_reference.hpp).
#include "toroid/core/table_reference.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>

namespace toroid {
namespace {

using Offset = std::pair<int, int>;  // dx, dy (y down)

// The table's cells as offsets, centre first (Golly's order).
std::vector<Offset> offsets(CellNeighbourhood n) {
    switch (n) {
        case CellNeighbourhood::Moore:
            return {{0, 0}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}};
        case CellNeighbourhood::VonNeumann:
            return {{0, 0}, {0, -1}, {1, 0}, {0, 1}, {-1, 0}};
        case CellNeighbourhood::Hexagonal:
            return {{0, 0}, {0, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 0}, {-1, -1}};
        case CellNeighbourhood::OneDimensional:
            return {{0, 0}, {-1, 0}, {1, 0}};
    }
    return {};
}

std::uint8_t at(const Block3x3& b, Offset o) {
    const std::uint8_t cells[3][3] = {{b.nw, b.n, b.ne}, {b.w, b.c, b.e}, {b.sw, b.s, b.se}};
    return cells[o.second + 1][o.first + 1];
}

bool in(const StateSet& set, unsigned s) {
    return (set[s / 64] >> (s % 64)) & 1;
}

using Map = Offset (*)(Offset);
Offset quarter(Offset o) {
    return {-o.second, o.first};
}
Offset mirror(Offset o) {
    return {-o.first, o.second};
}
Offset sixth(Offset o) {
    return {o.first - o.second, o.first};
}
Offset hex_mirror(Offset o) {
    return {o.second, o.first};
}

// Each symmetry as a list of maps of offsets (composed from the generators).
std::vector<std::vector<Offset>> images(const RuleTable& t) {
    const std::vector<Offset> base = offsets(t.neighbourhood);
    std::vector<std::vector<Offset>> out;
    auto apply = [&](std::vector<Map> maps) {
        std::vector<Offset> v;
        for (Offset o : base) {
            for (Map m : maps) o = m(o);
            v.push_back(o);
        }
        out.push_back(v);
    };
    auto turns = [&](Map turn, int n, Map flip) {
        for (int k = 0; k < n; ++k) {
            std::vector<Map> maps(std::size_t(k), turn);
            apply(maps);
            if (flip) {
                maps.push_back(flip);
                apply(maps);
            }
        }
    };
    const std::string& s = t.symmetries;
    if (s == "none" || s == "permute")
        apply({});
    else if (s == "rotate4")
        turns(quarter, 4, nullptr);
    else if (s == "rotate4reflect")
        turns(quarter, 4, mirror);
    else if (s == "reflect_horizontal")
        turns(quarter, 1, mirror);
    else if (s == "reflect")
        turns(quarter, 1, mirror);
    else if (s == "rotate2") {
        apply({});
        apply({sixth, sixth, sixth});
    } else if (s == "rotate3") {
        apply({});
        apply({sixth, sixth});
        apply({sixth, sixth, sixth, sixth});
    } else if (s == "rotate6")
        turns(sixth, 6, nullptr);
    else if (s == "rotate6reflect")
        turns(sixth, 6, hex_mirror);
    else if (s == "rotate8" || s == "rotate8reflect") {
        // The ring of eight neighbours shifted by one cell (and mirrored).
        for (int k = 0; k < 8; ++k)
            for (int flip = 0; flip < (s == "rotate8reflect" ? 2 : 1); ++flip) {
                std::vector<Offset> v{{0, 0}};
                for (int j = 0; j < 8; ++j) {
                    Offset o = base[std::size_t(1 + (j + k) % 8)];
                    if (flip) o = mirror(o);
                    v.push_back(o);
                }
                out.push_back(v);
            }
    }
    return out;
}

}  // namespace

TableReference::TableReference(RuleTable table)
    : table_(std::move(table)), images_(images(table_)) {}

std::uint8_t TableReference::next(const Block3x3& block) const {
    const RuleTable& table = table_;
    const std::vector<Offset> cells = offsets(table.neighbourhood);
    const std::size_t k = cells.size();
    // The block's states as each image reads them, in the table's order.
    std::vector<std::vector<std::uint8_t>> seen;
    for (const auto& image : images_) {
        std::vector<std::uint8_t> v;
        for (Offset o : image) v.push_back(at(block, o));
        seen.push_back(std::move(v));
    }
    for (const TableTransition& t : table.transitions) {
        if (table.symmetries == "permute") {
            const std::vector<std::uint8_t>& v = seen[0];
            if (!in(t.inputs[0], v[0])) continue;
            std::vector<std::size_t> p(k - 1);
            std::iota(p.begin(), p.end(), 1);
            do {
                bool ok = true;
                for (std::size_t i = 0; i + 1 < k && ok; ++i) ok = in(t.inputs[i + 1], v[p[i]]);
                if (ok) return t.output;
            } while (std::next_permutation(p.begin(), p.end()));
            continue;
        }
        for (const auto& v : seen) {
            bool ok = true;
            for (std::size_t i = 0; i < k && ok; ++i) ok = in(t.inputs[i], v[i]);
            if (ok) return t.output;
        }
    }
    return block.c;
}

std::vector<std::uint8_t> state_bytes(const Grid& g) {
    std::vector<std::uint8_t> out(std::size_t(g.width() * g.height()));
    for (std::int64_t y = 0; y < g.height(); ++y)
        for (std::int64_t x = 0; x < g.width(); ++x)
            out[std::size_t(y * g.width() + x)] = std::uint8_t(g.state(x, y));
    return out;
}

}  // namespace toroid
