// The letter classes of isotropic rules (isotropic.hpp), built once from one
// representative configuration per letter and the block's symmetries.
#include "toroid/core/isotropic.hpp"

#include <bit>
#include <vector>

namespace toroid {
namespace {

// Cells of the 3x3 block (range1_table.hpp): 0 NW, 1 N, 2 NE, 3 W, 4 centre,
// 5 E, 6 SW, 7 S, 8 SE.
enum Cell : int { NW = 0, N = 1, NE = 2, W = 3, C = 4, E = 5, SW = 6, S = 7, SE = 8 };

struct Letter {
    char letter;
    std::vector<int> cells;  // one configuration of the class
};

// Hensel's letters for counts 1..4 (counts 5..7: complements), Golly's classes.
const std::vector<Letter>& moore_letters(int count) {
    static const std::vector<Letter> kLetters[5] = {
        {},
        {{'c', {NW}}, {'e', {N}}},
        {{'a', {NW, N}},
         {'c', {NW, NE}},
         {'e', {N, W}},
         {'i', {W, E}},
         {'k', {NW, E}},
         {'n', {NE, SW}}},
        {{'a', {NW, N, W}},
         {'c', {NW, NE, SW}},
         {'e', {N, W, E}},
         {'i', {NW, N, NE}},
         {'j', {N, NE, W}},
         {'k', {N, E, SW}},
         {'n', {NW, NE, W}},
         {'q', {N, NE, SW}},
         {'r', {NW, W, E}},
         {'y', {NW, E, SW}}},
        {{'a', {NW, N, NE, W}},
         {'c', {NW, NE, SW, SE}},
         {'e', {N, W, E, S}},
         {'i', {NW, NE, W, E}},
         {'j', {N, W, E, SW}},
         {'k', {NW, N, E, SW}},
         {'n', {NW, N, NE, SW}},
         {'q', {N, NE, E, SW}},
         {'r', {NW, N, W, E}},
         {'t', {NW, W, E, SW}},
         {'w', {N, NE, W, SW}},
         {'y', {NW, NE, E, SW}},
         {'z', {NE, W, E, SW}}},
    };
    return kLetters[count];
}

// The hexagonal ring NW N E SE S W: counts 2 and 3 (4: complements of 2).
const std::vector<Letter>& hex_letters(int count) {
    static const std::vector<Letter> kLetters[4] = {
        {},
        {},
        {{'m', {NW, E}}, {'o', {NW, N}}, {'p', {NW, SE}}},
        {{'m', {NW, N, SE}}, {'o', {NW, N, E}}, {'p', {NW, E, S}}},
    };
    return kLetters[count];
}

constexpr int kMooreNeighbours[8] = {NW, N, NE, W, E, SW, S, SE};
constexpr int kHexRing[6] = {NW, N, E, SE, S, W};
constexpr int kVonNeumann[4] = {N, W, E, S};

unsigned bit(int cell) {
    return 1u << (8 - cell);
}

// The neighbour bits of a block index (centre and ignored cells cleared).
unsigned neighbour_bits(Neighbourhood n, unsigned index) {
    unsigned m = 0;
    switch (n) {
        case Neighbourhood::Moore:
            for (int c : kMooreNeighbours) m |= bit(c);
            break;
        case Neighbourhood::Hexagonal:
            for (int c : kHexRing) m |= bit(c);
            break;
        case Neighbourhood::VonNeumann:
            for (int c : kVonNeumann) m |= bit(c);
            break;
    }
    return index & m;
}

// The images of a configuration under the neighbourhood's symmetries
// (the square's 8, the hexagon's 12).
std::vector<unsigned> orbit(Neighbourhood n, unsigned config) {
    std::vector<unsigned> out;
    auto add = [&](unsigned v) {
        for (unsigned o : out)
            if (o == v) return;
        out.push_back(v);
    };
    if (n == Neighbourhood::Hexagonal) {
        for (int rot = 0; rot < 6; ++rot)
            for (int dir : {1, -1}) {
                unsigned v = 0;
                for (int i = 0; i < 6; ++i)
                    if (config & bit(kHexRing[i]))
                        v |= bit(kHexRing[((dir * i + rot) % 6 + 6) % 6]);
                add(v);
            }
        return out;
    }
    // The square's symmetries on (dx, dy) of each cell.
    for (int s = 0; s < 8; ++s) {
        unsigned v = 0;
        for (int c = 0; c < 9; ++c) {
            if (!(config & bit(c))) continue;
            int x = c % 3 - 1, y = c / 3 - 1;
            if (s & 1) std::swap(x, y);
            if (s & 2) x = -x;
            if (s & 4) y = -y;
            v |= bit((y + 1) * 3 + (x + 1));
        }
        add(v);
    }
    return out;
}

struct Classes {
    // Letter index per neighbour configuration (block index, centre clear).
    signed char letter[2][512];  // [hexagonal?][index]
};

const Classes& classes() {
    static const Classes kClasses = [] {
        Classes c;
        for (auto& row : c.letter)
            for (auto& l : row) l = -1;
        for (int hex = 0; hex < 2; ++hex) {
            const Neighbourhood n = hex ? Neighbourhood::Hexagonal : Neighbourhood::Moore;
            const int max = hex ? 6 : 8;
            for (int count = 1; count < max; ++count) {
                const bool mirrored = count > max / 2;
                const int base = mirrored ? max - count : count;
                const auto& letters = hex ? hex_letters(base) : moore_letters(base);
                for (std::size_t i = 0; i < letters.size(); ++i) {
                    unsigned config = 0;
                    for (int cell : letters[i].cells) config |= bit(cell);
                    if (mirrored) config = neighbour_bits(n, ~config & 0x1FFu);
                    for (unsigned v : orbit(n, config))
                        c.letter[hex][v] = static_cast<signed char>(i);
                }
            }
        }
        return c;
    }();
    return kClasses;
}

}  // namespace

std::string_view isotropic_letters(Neighbourhood n, int count) {
    if (n == Neighbourhood::Moore) {
        static constexpr std::string_view kMoore[9] = {
            "", "ce", "aceikn", "aceijknqry", "aceijknqrtwyz", "aceijknqry", "aceikn", "ce", ""};
        return count >= 0 && count <= 8 ? kMoore[count] : "";
    }
    if (n == Neighbourhood::Hexagonal) return count >= 2 && count <= 4 ? "mop" : "";
    return "";
}

std::uint16_t full_mask(Neighbourhood n, int count) {
    const std::size_t letters = isotropic_letters(n, count).size();
    return letters == 0 ? 1 : std::uint16_t((1u << letters) - 1);
}

int neighbour_count(Neighbourhood n, unsigned index) {
    return std::popcount(neighbour_bits(n, index));
}

int isotropic_letter(Neighbourhood n, unsigned index) {
    if (n == Neighbourhood::VonNeumann) return -1;
    return classes().letter[n == Neighbourhood::Hexagonal][neighbour_bits(n, index)];
}

Range1Table isotropic_table(Neighbourhood n, const LetterMasks& birth, const LetterMasks& survive) {
    Range1Table t;
    for (unsigned i = 0; i < Range1Table::kSize; ++i) {
        const int count = neighbour_count(n, i), letter = isotropic_letter(n, i);
        const std::uint16_t mask =
            Range1Table::cell(i, C) ? survive[std::size_t(count)] : birth[std::size_t(count)];
        t.set(i, (mask >> (letter < 0 ? 0 : letter)) & 1);
    }
    return t;
}

bool isotropic_masks(const Range1Table& t, Neighbourhood n, LetterMasks& birth,
                     LetterMasks& survive) {
    birth = {};
    survive = {};
    LetterMasks seen_b{}, seen_s{};  // classes met, to check every member agrees
    for (unsigned i = 0; i < Range1Table::kSize; ++i) {
        const int count = neighbour_count(n, i), letter = isotropic_letter(n, i);
        const std::uint16_t b = std::uint16_t(1u << (letter < 0 ? 0 : letter));
        const bool alive = Range1Table::cell(i, C);
        LetterMasks& mask = alive ? survive : birth;
        LetterMasks& seen = alive ? seen_s : seen_b;
        const bool on = t.next(i);
        if (seen[std::size_t(count)] & b) {
            if (bool(mask[std::size_t(count)] & b) != on) return false;
        } else {
            seen[std::size_t(count)] |= b;
            if (on) mask[std::size_t(count)] |= b;
        }
    }
    return true;
}

std::string canonical_letters(Neighbourhood n, int count, std::uint16_t mask) {
    const std::string_view letters = isotropic_letters(n, count);
    std::string plain, minus = "-";
    for (std::size_t i = 0; i < letters.size(); ++i)
        ((mask >> i) & 1 ? plain : minus) += letters[i];
    return plain.size() <= minus.size() ? plain : minus;
}

}  // namespace toroid
