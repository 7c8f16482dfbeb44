// The sparse-space ("rare / common values") phenomenon of octal games, in its
// linear-algebra form.
//
// Grundy values are vectors over GF(2) and the value of a split heap a + b is
// g(a) XOR g(b). In many octal games almost every value lies in one coset
// C = c + W of a linear subspace W (the "common" values); the rest ("rare"
// values) occur at few positions. Then the XOR of two common values lies in
// W, never in C, so a common value can only be the value of a split with a
// rare part, and those splits are few. Berlekamp's mask form is the special
// case where W is the hyperplane {v : parity(v & m) = 0}; taking W as the
// span of the common values found (often of small dimension, e.g. 5 for
// 0.777, whose common values lie in 41 + <15, 17, 39, ...>) is what makes the
// games with many distinct values tractable, because only the |W| values of
// W need witness pairs among the common x common splits.
//
// Flammenkamp's "domain" variant lets the coset depend on the parity of the
// position: position a is common when g(a) lies in rep[a & 1] + W. A split
// of r into a + b with both parts common then lies in W for even r and in
// rep[0] ^ rep[1] + W for odd r.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace toroid::games {

struct CommonCoset {
    std::vector<std::uint32_t> basis;  // of W: distinct leading bits, in descending order
    std::array<std::uint32_t, 2> rep{0,
                                     0};  // common values at even / odd positions: rep[a & 1] + W
    bool domain = false;                  // false: rep[0] == rep[1]

    // The canonical element of v + W (v with every leading bit of the basis
    // cleared): u and v lie in the same coset exactly when reduce(u) == reduce(v).
    std::uint32_t reduce(std::uint32_t v) const;
    // Adds w to W; false when w is already in W.
    bool extend(std::uint32_t w);
    std::size_t dim() const { return basis.size(); }
    bool common(std::uint32_t value, std::size_t position) const {
        return reduce(value) == reduce(rep[position & 1]);
    }
    // The coset holding every common x common split of r: W, or in the domain
    // form rep[0] ^ rep[1] + W when r is odd. Returns its representative.
    std::uint32_t abundant_rep(std::size_t remainder) const;
    // True when no common value of a heap n lies in the abundant coset of a
    // remainder n - k (k: split digits, whose parities are the bits of
    // split_parities): the property that makes common values cheap.
    bool separates(unsigned split_parities) const;
    // "41 + <39, 17, 15>" or, in the domain form, "even 41 / odd 38 + <...>".
    std::string to_string() const;
};

// Chooses the coset for g[1..n] that minimises the predicted cost of
// computing g(n+1 .. upto): the rare positions so far (each one is visited
// once per heap size), the rare positions expected from the rate in the most
// recent window, and the witness searches (about |W| log |W| per heap size).
// Candidates: the most frequent recent values added one by one (their span
// grows), with and without the domain form. split_parities: bit p is set
// when some split digit k has k % 2 == p.
CommonCoset choose_common_coset(std::span<const std::uint32_t> g, std::size_t n, std::size_t upto,
                                unsigned split_parities);

}  // namespace toroid::games
