// SHA-256 (FIPS 180-4), for apgsearch's soups (hashsoup.hpp).
//
// A soup's cells are the 32 bytes of the SHA-256 of its name, so the digest
// must be bit-exact on every machine; it is written out here (about a hundred
// lines) rather than pulled from a crypto library, and tested against the
// standard's vectors (tests/analysis/test_hashsoup.cpp). Speed matters
// little: one digest per soup, against thousands of generations run.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace toroid {

using Sha256Digest = std::array<std::uint8_t, 32>;

Sha256Digest sha256(std::string_view message);

}  // namespace toroid
