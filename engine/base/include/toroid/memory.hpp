// Memory budgets: refusing, before allocating, work that would not fit.
//
// Every size the user chooses (a torus, a ring, a space-time diagram) is
// checked here before anything is allocated, so "too large" is a clear
// InputError naming the numbers instead of std::bad_alloc or the kernel's
// OOM killer. Each caller states what it really allocates (bit-planes of the
// backend, copies kept by the command, device memory); this file only
// compares and words the refusal.
//
// Host memory available is Linux's MemAvailable (/proc/meminfo): free memory
// plus what the page cache would give back. A work may use up to 90% of it.
// Requests under 64 MiB are never refused (not worth reading /proc).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace toroid {

// MemAvailable in bytes; 0 when the figure cannot be read.
std::uint64_t available_memory_bytes();

// "1.5 GiB", "512.0 B": binary units, one decimal.
std::string human_bytes(double bytes);

// What a refusal says, piece by piece:
//   "<what> needs <bytes> of <memory> (<breakdown>), but only <available> is
//    available: <advice>"
struct MemoryRequest {
    double bytes = 0;               // everything the work allocates in this memory
    std::string what;               // "a 4096x4096 torus", "the space-time diagram of width 80"
    std::string breakdown;          // "2 bit-planes of 2.0 MiB for the cpu backend + ..."
    std::string advice;             // "choose a smaller size"
    std::string memory = "memory";  // or "device memory on NVIDIA H200"
};

// Throws InputError when `request.bytes` exceeds 90% of `available` bytes
// (or 10^18 bytes, whatever is available). available == 0: unknown, only
// the absolute limit applies.
void check_memory(const MemoryRequest& request, double available);

// check_memory against the host's MemAvailable.
void check_host_memory(const MemoryRequest& request);

}  // namespace toroid
