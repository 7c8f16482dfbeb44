// Internal to the analysers: a disjoint-set forest over 0..n-1 (path
// halving), the smaller label kept as a set's root so that roots follow
// the order in which the caller numbered its elements.
#pragma once

#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

namespace toroid::detail {

struct UnionFind {
    std::vector<std::uint32_t> parent;
    explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    std::uint32_t find(std::uint32_t a) {
        while (parent[a] != a) a = parent[a] = parent[parent[a]];
        return a;
    }
    // Whether a and b were in different sets.
    bool unite(std::uint32_t a, std::uint32_t b) {
        a = find(a);
        b = find(b);
        if (a == b) return false;
        if (b < a) std::swap(a, b);
        parent[b] = a;
        return true;
    }
};

}  // namespace toroid::detail
