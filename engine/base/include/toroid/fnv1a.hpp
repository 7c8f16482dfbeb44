// FNV-1a, 64 bits: the checksum of toroid's binary files (checkpoints) and
// the short stable hash of texts (a rule's canonical string keying soups).
// Not a hash of grid states: those use grid_hash.hpp's order-free sum.
#pragma once

#include <cstdint>
#include <string_view>

namespace toroid {

constexpr std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (char c : bytes) {
        h ^= std::uint64_t(static_cast<unsigned char>(c));
        h *= 0x100000001b3ULL;
    }
    return h;
}

}  // namespace toroid
