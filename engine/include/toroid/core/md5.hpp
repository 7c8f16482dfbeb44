// MD5 (RFC 1321), for the @MD5 line of apgsearch's haul (analysis/haul.hpp):
// apgsearch writes the MD5 of the search's root there. Not for security.
// Tested against the RFC's vectors (tests/analysis/test_hashsoup.cpp).
#pragma once

#include <string>
#include <string_view>

namespace toroid {

// Lower-case hexadecimal, 32 digits.
std::string md5_hex(std::string_view message);

}  // namespace toroid
