#include "mapped_plane.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <new>
#include <utility>

namespace toroid::detail {

MappedPlane::MappedPlane(std::size_t words, bool huge_pages)
    : bytes_(std::max<std::size_t>(words * 8, 64)) {
    const bool huge = huge_pages && bytes_ >= kHugeFrom;
    mapped_bytes_ = huge ? bytes_ + kHugePage : bytes_;
    void* p =
        mmap(nullptr, mapped_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    mapped_ = p;
    auto at = reinterpret_cast<std::uintptr_t>(p);
    if (huge) {
        at = (at + kHugePage - 1) / kHugePage * kHugePage;
        // Advice only: without THP (or with it off) the plane still works.
        madvise(reinterpret_cast<void*>(at), bytes_ / kHugePage * kHugePage, MADV_HUGEPAGE);
    } else if (!huge_pages) {
        madvise(p, mapped_bytes_, MADV_NOHUGEPAGE);  // where THP is "always"
    }
    data_ = reinterpret_cast<std::uint64_t*>(at);
}

MappedPlane::MappedPlane(MappedPlane&& o) noexcept
    : data_(std::exchange(o.data_, nullptr)),
      bytes_(o.bytes_),
      mapped_(std::exchange(o.mapped_, nullptr)),
      mapped_bytes_(o.mapped_bytes_) {}

MappedPlane& MappedPlane::operator=(MappedPlane&& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(bytes_, o.bytes_);
    std::swap(mapped_, o.mapped_);
    std::swap(mapped_bytes_, o.mapped_bytes_);
    return *this;
}

MappedPlane::~MappedPlane() {
    if (mapped_) munmap(mapped_, mapped_bytes_);
}

}  // namespace toroid::detail
