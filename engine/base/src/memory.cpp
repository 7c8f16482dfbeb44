#include "toroid/memory.hpp"

#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "toroid/error.hpp"

namespace toroid {

std::uint64_t available_memory_bytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key, unit;
    std::uint64_t kib = 0;
    while (meminfo >> key >> kib >> unit)
        if (key == "MemAvailable:") return kib * 1024;
    // Kernels before 3.14 have no MemAvailable: free pages (an underestimate).
    const long pages = sysconf(_SC_AVPHYS_PAGES);
    const long page_size = sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page_size > 0)
        return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
    return 0;
}

std::string human_bytes(double bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    while (bytes >= 1024 && u < 6) {
        bytes /= 1024;
        ++u;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f %s", bytes, units[u]);
    return buf;
}

void check_memory(const MemoryRequest& r, double available) {
    constexpr double kAbsoluteLimit = 1.0e18;  // beyond any machine; keeps sizes exact
    if (r.bytes <= kAbsoluteLimit && (available <= 0 || r.bytes <= available * 0.9)) return;
    std::string message = r.what + " needs " + human_bytes(r.bytes) + " of " + r.memory;
    if (!r.breakdown.empty()) message += " (" + r.breakdown + ")";
    if (available > 0)
        message += ", but only " + human_bytes(available) + " is available";
    else
        message += ", more than any machine has";
    if (!r.advice.empty()) message += ": " + r.advice;
    throw InputError(message);
}

void check_host_memory(const MemoryRequest& r) {
    if (r.bytes < 64.0 * 1024 * 1024) return;  // small: not worth reading /proc/meminfo
    check_memory(r, static_cast<double>(available_memory_bytes()));
}

}  // namespace toroid
