// Memory budgets: refusing, before allocating, work that would not fit.
//
// Every size the user chooses or an input file claims (a torus, a ring, a
// space-time diagram, a pattern's grid, a macrocell file's nodes, a sweep's
// batches, a soup search's table) is checked here before anything is
// allocated, so "too large" is a clear InputError naming the numbers instead
// of std::bad_alloc or the kernel's OOM killer. Each caller states what it
// really allocates (bit-planes of the backend, copies kept by the command,
// device memory); this file only compares and words the refusal.
//
// Host memory available is the smallest of
//   * Linux's MemAvailable (/proc/meminfo): free memory plus what the page
//     cache would give back;
//   * what the process's cgroup still allows (memory.max - memory.current,
//     or cgroup v1's limit_in_bytes - usage_in_bytes), where one is set;
//   * what `ulimit -v` (RLIMIT_AS) leaves above the process's virtual size,
//     and what `ulimit -d` (RLIMIT_DATA) leaves above its data size,
// so a job under a container or ulimit limit is refused with the limit's
// name instead of being killed. A work may use up to 90% of it. Requests
// under 64 MiB are never refused (not worth reading /proc).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace toroid {

// The host memory a work may count on now, and what sets it.
struct HostMemory {
    std::uint64_t bytes = 0;  // 0 when no figure can be read
    std::string limit;        // "" for MemAvailable, else e.g. "under ulimit -v (4.0 GiB)"
};
HostMemory host_memory();

// host_memory().bytes.
std::uint64_t available_memory_bytes();

// "1.5 GiB", "512.0 B": binary units, one decimal.
std::string human_bytes(double bytes);

// What a refusal says, piece by piece:
//   "<what> needs <bytes> of <memory> (<breakdown>), but only <available> is
//    available[ (<limit>)]: <advice>"
struct MemoryRequest {
    double bytes = 0;               // everything the work allocates in this memory
    std::string what;               // "a 4096x4096 torus", "the space-time diagram of width 80"
    std::string breakdown;          // "2 bit-planes of 2.0 MiB for the cpu backend + ..."
    std::string advice;             // "choose a smaller size"
    std::string memory = "memory";  // or "device memory on NVIDIA H200"
};

// Throws InputError when `request.bytes` exceeds 90% of `available` bytes
// (or 10^18 bytes, whatever is available). available == 0: unknown, only
// the absolute limit applies. `limit` names what sets `available` when it
// is not the machine's free memory.
void check_memory(const MemoryRequest& request, double available, const std::string& limit = {});

// check_memory against host_memory().
void check_host_memory(const MemoryRequest& request);

}  // namespace toroid
