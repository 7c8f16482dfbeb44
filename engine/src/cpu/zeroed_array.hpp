// Internal to the CPU backend: per-tile counters that cost nothing until used.
//
// A 65536 x 65536 torus has 262144 tiles and some 60 bytes of counters for
// each: std::vector would write all 15 MiB of zeros when the torus is made,
// a page fault and a page clear per 4 KiB, although a glider touches a few
// tiles. calloc hands large blocks over as fresh mappings that the kernel
// zeroes a page at a time on first use (and skips the memset), so making a
// huge torus costs in proportion to the tiles that are ever touched.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

namespace toroid::detail {

template <class T>
class ZeroedArray {
    static_assert(std::is_trivial_v<T>, "zero bytes must be a valid T");

  public:
    ZeroedArray() = default;
    ZeroedArray(const ZeroedArray&) = delete;
    ZeroedArray& operator=(const ZeroedArray&) = delete;
    ZeroedArray(ZeroedArray&& o) noexcept
        : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
    ZeroedArray& operator=(ZeroedArray&& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(size_, o.size_);
        return *this;
    }
    ~ZeroedArray() { std::free(data_); }

    // n zero elements (the old content is dropped).
    void assign_zero(std::size_t n) {
        std::free(std::exchange(data_, nullptr));
        size_ = 0;
        if (n == 0) return;
        data_ = static_cast<T*>(std::calloc(n, sizeof(T)));
        if (!data_) throw std::bad_alloc();
        size_ = n;
    }

    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }
    T* data() { return data_; }
    const T* data() const { return data_; }
    T* begin() { return data_; }
    T* end() { return data_ + size_; }
    std::size_t size() const { return size_; }

  private:
    T* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace toroid::detail
