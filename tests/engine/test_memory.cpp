// The one memory check (toroid/memory.hpp) and what the backends ask of it:
// refusals name the bytes needed (by part) and the bytes available.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>

#include "input_error_of.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/eca/eca_backend.hpp"
#include "toroid/eca/eca_ring.hpp"
#include "toroid/error.hpp"
#include "toroid/memory.hpp"

namespace toroid {
namespace {

template <class F>
std::string error_of(F&& f) {
    return testing::input_error_of(std::forward<F>(f));
}

TEST(Memory, HumanBytes) {
    EXPECT_EQ(human_bytes(0), "0.0 B");
    EXPECT_EQ(human_bytes(1023), "1023.0 B");
    EXPECT_EQ(human_bytes(1536), "1.5 KiB");
    EXPECT_EQ(human_bytes(3.0 * (1ull << 30)), "3.0 GiB");
    EXPECT_EQ(human_bytes(2.0 * (1ull << 40)), "2.0 TiB");
}

TEST(Memory, AvailableIsReadable) {
    EXPECT_GT(available_memory_bytes(), 0u);  // Linux: MemAvailable in /proc/meminfo
}

TEST(Memory, RefusalNamesEveryNumber) {
    const MemoryRequest r{2.0 * (1ull << 30), "a thing", "2 parts of 1.0 GiB", "use less"};
    EXPECT_EQ(error_of([&] { check_memory(r, 1.0 * (1ull << 30)); }),
              "a thing needs 2.0 GiB of memory (2 parts of 1.0 GiB), but only 1.0 GiB is "
              "available: use less");
    EXPECT_NO_THROW(check_memory(r, 4.0 * (1ull << 30)));
    // Up to 90% of what is available may be used.
    EXPECT_NO_THROW(check_memory(r, r.bytes / 0.9 + 1));
    EXPECT_THROW(check_memory(r, r.bytes / 0.9 - 1024), InputError);
    // Unknown availability: only the absolute limit applies.
    EXPECT_NO_THROW(check_memory(r, 0));
    MemoryRequest huge = r;
    huge.bytes = 2e18;
    EXPECT_NE(error_of([&] { check_memory(huge, 0); }).find("more than any machine has"),
              std::string::npos);
}

TEST(Memory, HostCheckUsesAvailableMemory) {
    EXPECT_NO_THROW(check_host_memory({1.0e6, "small", "", ""}));
    const double too_much = double(available_memory_bytes()) * 2;
    const std::string msg = error_of([&] { check_host_memory({too_much, "big", "x", "y"}); });
    EXPECT_NE(msg.find("big needs " + human_bytes(too_much) + " of memory (x), but only " +
                       human_bytes(double(available_memory_bytes()))),
              std::string::npos)
        << msg;
}

// `toroid run` on a torus too large: the CPU backend counts its two padded
// planes and the grid the caller loads from, and refuses before allocating.
TEST(Memory, CpuBackendCountsBothPlanesAndTheGrid) {
    auto b = create_backend("cpu", Rule());
    const std::int64_t w = 100, h = std::int64_t(1) << 33;  // 2 words a row, padded to a tile
    const std::string msg = error_of([&] { b->check_fits(w, h, 1); });
    EXPECT_NE(msg.find("a 100x8589934592 torus needs "), std::string::npos) << msg;
    EXPECT_NE(msg.find("2 bit-planes of "), std::string::npos) << msg;
    EXPECT_NE(msg.find("for the cpu backend + 1 bit-plane of 128.0 GiB for the grid it loads"),
              std::string::npos)
        << msg;
    EXPECT_NE(msg.find("is available: choose a smaller size"), std::string::npos) << msg;
    // The backend's planes are padded rows: far more than 2 canonical planes.
    const std::string planes = msg.substr(msg.find("2 bit-planes of ") + 16);
    // (8 + 2 x 8) words x h: one 512-cell tile and the row margins.
    EXPECT_NE(planes.rfind("1.5 TiB", 0), std::string::npos) << msg;
    EXPECT_NO_THROW(b->check_fits(4096, 4096, 1));
    // The refused size was not allocated: the backend still holds its 1x1 torus.
    EXPECT_EQ(b->width(), 1);
}

TEST(Memory, GridAndSizesAreChecked) {
    EXPECT_NE(error_of([] {
                  check_grid_fits(std::int64_t(1) << 40, std::int64_t(1) << 20);
              }).find("1 canonical bit-plane of 128.0 PiB"),
              std::string::npos);
    EXPECT_NE(error_of([] { check_grid_size(0, 5); }).find("at least 1"), std::string::npos);
    EXPECT_NE(error_of([] { check_grid_size(5, (std::int64_t(1) << 40) + 1); }).find("2^40"),
              std::string::npos);
    EXPECT_EQ(canonical_plane_bytes(65, 3), 2.0 * 3 * 8);
    // The largest sides allowed: byte counts beyond 2^64 are refused, not wrapped.
    const std::int64_t side = std::int64_t(1) << 40;
    EXPECT_EQ(canonical_plane_bytes(side, side), std::ldexp(1.0, 77));
    const std::string msg =
        error_of([&] { create_backend("cpu", Rule())->check_fits(side, side); });
    EXPECT_NE(msg.find("a 1099511627776x1099511627776 torus needs "), std::string::npos) << msg;
}

TEST(Memory, EcaRefusalsCountTheBackendsRings) {
    const std::int64_t width = std::int64_t(1) << 50;  // 128 TiB a ring
    EXPECT_NE(error_of([&] { check_eca_fits(width, 3, "the space-time diagram"); })
                  .find("the space-time diagram of width 1125899906842624 needs 384.0 TiB of "
                        "memory (3 rings of 128.0 TiB)"),
              std::string::npos);
    auto b = create_eca_backend("cpu", 30);
    const std::string msg = error_of([&] { b->check_fits(width, 5); });
    EXPECT_NE(msg.find("a ring of width 1125899906842624 needs 896.0 TiB of memory (2 rings of "
                       "128.0 TiB for the cpu backend + 5 kept by the command)"),
              std::string::npos)
        << msg;
    EXPECT_NO_THROW(b->check_fits(1 << 20, 100));
}

}  // namespace
}  // namespace toroid
