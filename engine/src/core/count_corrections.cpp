// A table as a count rule plus corrections (count_corrections.hpp).
#include "toroid/core/count_corrections.hpp"

#include <bit>
#include <vector>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/isotropic.hpp"
#include "toroid/core/letter_circuits.hpp"

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

// The letter function (letter_circuits.hpp's id) and Dead flag of letter
// `letter` of `count`: counts above half the neighbourhood are the Dead
// forms of the letter of the complementary count.
struct LetterFunction {
    int id;
    bool dead;
    int gates;
};

LetterFunction letter_function(Neighbourhood n, int count, int letter) {
    if (n == Neighbourhood::Hexagonal) {
        // Ids: 2m 2o 2p 3m 3o 3p; count 4 is the Dead form of count 2.
        const bool dead = count > 3;
        const int id = (dead ? 6 - count : count) == 2 ? letter : 3 + letter;
        return {id, dead, kHexLetterGates[id]};
    }
    // Ids: counts 1 (c e), 2 (6 letters), 3 (10), 4 (13), alphabetically.
    static constexpr int kFirst[5] = {0, 0, 2, 8, 18};
    const bool dead = count > 4;
    const int id = kFirst[dead ? 8 - count : count] + letter;
    return {id, dead, kMooreLetterGates[id]};
}

// The corrections of an isotropic table as letter terms: per (state,
// count), the count rule takes the side whose letters are cheaper to
// correct. False when over the letter budgets.
bool compile_letter_terms(Neighbourhood n, const LetterMasks& birth, const LetterMasks& survive,
                          CountCorrections& out) {
    const int size = n == Neighbourhood::Hexagonal ? 6 : 8;
    CountCorrections c;
    int gates = 0;
    for (int alive = 0; alive < 2; ++alive)
        for (int count = 0; count <= size; ++count) {
            const std::uint16_t on = (alive ? survive : birth)[std::size_t(count)];
            const std::size_t letters = isotropic_letters(n, count).size();
            if (letters == 0) {
                if (on & 1u) (alive ? c.survive : c.birth) |= std::uint16_t(1u << count);
                continue;
            }
            int cost[2] = {0, 0};  // correcting the letters that are off (on)
            for (std::size_t l = 0; l < letters; ++l)
                cost[(on >> l) & 1u] += letter_function(n, count, int(l)).gates + 3;
            const bool base = cost[0] < cost[1];  // the count rule says live
            if (base) (alive ? c.survive : c.birth) |= std::uint16_t(1u << count);
            for (std::size_t l = 0; l < letters; ++l) {
                if (((on >> l) & 1u) == unsigned(base)) continue;
                if (c.letter_terms == CountCorrections::kMaxLetterTerms) return false;
                const LetterFunction f = letter_function(n, count, int(l));
                gates += f.gates + 3;
                c.letter_term[c.letter_terms++] =
                    std::uint8_t((f.id * 2 + (f.dead ? 1 : 0)) * 2 + alive);
            }
        }
    if (gates > CountCorrections::kMaxLetterGates) return false;
    out = c;
    return true;
}

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

    LetterMasks birth, survive;
    if (n != Neighbourhood::VonNeumann && isotropic_masks(table, n, birth, survive) &&
        compile_letter_terms(n, birth, survive, out))
        return true;

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
