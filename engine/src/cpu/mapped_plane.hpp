// Internal to the CPU backend: a bit-plane in anonymous memory.
//
// The kernel maps zero pages on first touch, so a huge torus costs memory
// (and start-up time) only where cells live: reads of untouched memory see
// the shared zero page, and the CPU backend writes only words that change.
//
// Planes of 2 MiB and more are aligned to 2 MiB and asked for transparent
// huge pages (where the kernel grants them): a stored row of a wide torus is
// a page or more, so with 4 KiB pages every row a tile reaches is its own
// page fault and TLB entry; a huge page serves 256 rows of a 65536-wide
// torus at once. Ships leaving Acorn on 65536 x 65536 cost 12 000 page
// faults otherwise; on 4096 x 4096 (2 MiB planes) huge pages took `toroid
// run` of Acorn from 1800 page faults to 260 (11.5 to 9.5 ms) and dense
// soups 5% faster. Column strips (strip_layout.hpp) ask for 4 KiB pages: a
// glider's row there is 256 bytes. Memory stays bounded by the plane, as
// check_fits counts.
#pragma once

#include <cstddef>
#include <cstdint>

namespace toroid::detail {

class MappedPlane {
  public:
    static constexpr std::size_t kHugePage = std::size_t(2) << 20;
    static constexpr std::size_t kHugeFrom = std::size_t(2) << 20;

    MappedPlane() = default;
    // `words` zero words; huge_pages = false: 4 KiB pages even where the
    // kernel would give huge ones. Throws std::bad_alloc when mapping fails.
    MappedPlane(std::size_t words, bool huge_pages);
    MappedPlane(MappedPlane&& o) noexcept;
    MappedPlane& operator=(MappedPlane&& o) noexcept;
    MappedPlane(const MappedPlane&) = delete;
    MappedPlane& operator=(const MappedPlane&) = delete;
    ~MappedPlane();

    std::uint64_t* get() const { return data_; }

  private:
    std::uint64_t* data_ = nullptr;
    std::size_t bytes_ = 0;
    void* mapped_ = nullptr;
    std::size_t mapped_bytes_ = 0;
};

}  // namespace toroid::detail
