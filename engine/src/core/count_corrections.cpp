// A table as a count rule plus corrections (count_corrections.hpp).
#include "toroid/core/count_corrections.hpp"

#include <bit>
#include <vector>

#include "toroid/core/compiled_rule.hpp"

namespace toroid {
namespace {

// The block cells each neighbourhood counts (range1_table.hpp's order).
constexpr int kMoore[] = {0, 1, 2, 3, 5, 6, 7, 8};
constexpr int kHex[] = {0, 1, 3, 5, 7, 8};
constexpr int kVonNeumann[] = {1, 3, 5, 7};

struct Pattern {
    std::vector<std::uint8_t> literals;
};

struct Group {
    bool alive;
    int count;
    std::vector<Pattern> patterns;
};

}  // namespace

bool compile_count_corrections(const Range1Table& table, Neighbourhood n, CountCorrections& out) {
    const int* cells = n == Neighbourhood::Hexagonal    ? kHex
                       : n == Neighbourhood::VonNeumann ? kVonNeumann
                                                        : kMoore;
    const int size = n == Neighbourhood::Hexagonal ? 6 : n == Neighbourhood::VonNeumann ? 4 : 8;
    // The block of the centre `alive` and neighbourhood pattern p (bit i:
    // cells[i] live), the other cells dead.
    auto block = [&](bool alive, unsigned p) {
        unsigned index = alive ? 1u << 4 : 0u;
        for (int i = 0; i < size; ++i)
            if ((p >> i) & 1) index |= 1u << (8 - cells[i]);
        return index;
    };
    // A table that reads a cell outside the neighbourhood has no count form.
    unsigned outside = 0x1ffu & ~(1u << 4);
    for (int i = 0; i < size; ++i) outside &= ~(1u << (8 - cells[i]));
    for (unsigned i = 0; i < Range1Table::kSize; ++i)
        if (table.next(i) != table.next(i & ~outside)) return false;

    CountCorrections c;
    std::vector<Group> groups;
    int terms = 0, literals = 0;
    for (int alive = 0; alive < 2; ++alive)
        for (int count = 0; count <= size; ++count) {
            // Patterns of this count, by the table's answer.
            std::vector<unsigned> with[2];
            for (unsigned p = 0; p < (1u << size); ++p)
                if (std::popcount(p) == count) with[table.next(block(alive, p))].push_back(p);
            // Each corrected pattern costs min(count, size - count) literals and a term.
            const int per = count < size - count ? count : size - count;
            const int cost0 = int(with[1].size()) * (per + 1);  // count rule says dead
            const int cost1 = int(with[0].size()) * (per + 1);  // count rule says live
            const bool base = cost1 < cost0;
            if (base) (alive ? c.survive : c.birth) |= std::uint16_t(1u << count);
            const std::vector<unsigned>& fixes = with[base ? 0 : 1];
            if (fixes.empty()) continue;
            Group g{alive != 0, count, {}};
            for (unsigned p : fixes) {
                Pattern pattern;
                const bool dead = count > size - count;  // test the fewer cells
                for (int i = 0; i < size; ++i)
                    if (((p >> i) & 1) != unsigned(dead))
                        pattern.literals.push_back(std::uint8_t(cells[i]));
                literals += int(pattern.literals.size());
                g.patterns.push_back(std::move(pattern));
            }
            terms += int(g.patterns.size());
            groups.push_back(std::move(g));
        }
    if (int(groups.size()) > CountCorrections::kMaxGroups || terms > CountCorrections::kMaxTerms ||
        literals > CountCorrections::kMaxLiterals)
        return false;

    int t = 0, l = 0;
    for (const Group& g : groups) {
        const int per = g.count < size - g.count ? g.count : size - g.count;
        for (const Pattern& p : g.patterns)
            for (std::uint8_t lit : p.literals) c.literal[l++] = lit;
        t += int(g.patterns.size());
        c.group_alive[c.groups] = g.alive ? 1 : 0;
        c.group_count[c.groups] = std::uint8_t(g.count);
        c.group_width[c.groups] = std::uint8_t(per);
        c.group_dead[c.groups] = g.count > size - g.count ? 1 : 0;
        c.group_end[c.groups++] = std::uint8_t(t);
    }
    out = c;
    return true;
}

}  // namespace toroid
