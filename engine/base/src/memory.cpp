#include "toroid/memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>

#include "toroid/error.hpp"

namespace toroid {
namespace {

std::uint64_t mem_available() {
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

// A number alone in a file ("max" and unreadable files: none).
std::optional<std::uint64_t> read_number(const std::string& path) {
    std::ifstream in(path);
    std::uint64_t v = 0;
    if (!(in >> v)) return std::nullopt;
    return v;
}

// The cgroup path of this process for a controller ("" = cgroup v2), from
// /proc/self/cgroup; "/" when unknown (inside a namespace the mount is the root).
std::string cgroup_path(const std::string& controller) {
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line)) {
        const auto a = line.find(':'), b = line.find(':', a + 1);
        if (a == std::string::npos || b == std::string::npos) continue;
        const std::string names = line.substr(a + 1, b - a - 1);
        if (controller.empty()
                ? names.empty()
                : (',' + names + ',').find(',' + controller + ',') != std::string::npos)
            return line.substr(b + 1);
    }
    return "/";
}

// What the cgroup's memory limit still allows, if one is set.
std::optional<std::uint64_t> cgroup_room() {
    auto room = [](const std::string& limit_file,
                   const std::string& usage_file) -> std::optional<std::uint64_t> {
        const auto limit = read_number(limit_file), usage = read_number(usage_file);
        // cgroup v1 writes "no limit" as a huge number (2^63 rounded to pages).
        if (!limit || !usage || *limit >= (std::uint64_t(1) << 62)) return std::nullopt;
        return *limit > *usage ? *limit - *usage : 0;
    };
    for (const std::string& dir :
         {"/sys/fs/cgroup" + cgroup_path(""), std::string("/sys/fs/cgroup")})
        if (auto r = room(dir + "/memory.max", dir + "/memory.current")) return r;
    const std::string v1 = "/sys/fs/cgroup/memory";
    for (const std::string& dir : {v1 + cgroup_path("memory"), v1})
        if (auto r = room(dir + "/memory.limit_in_bytes", dir + "/memory.usage_in_bytes")) return r;
    return std::nullopt;
}

// A field of /proc/self/status in bytes ("VmSize:  123 kB").
std::uint64_t status_bytes(const std::string& field) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(field + ":", 0) != 0) continue;
        std::istringstream s(line.substr(field.size() + 1));
        std::uint64_t kib = 0;
        s >> kib;
        return kib * 1024;
    }
    return 0;
}

// What an rlimit leaves above what the process already uses, if one is set.
std::optional<std::uint64_t> rlimit_room(int resource, const std::string& used_field) {
    rlimit limit{};
    if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
    const std::uint64_t cap = std::uint64_t(limit.rlim_cur), used = status_bytes(used_field);
    return cap > used ? cap - used : 0;
}

}  // namespace

HostMemory host_memory() {
    HostMemory m{mem_available(), ""};
    auto consider = [&](std::optional<std::uint64_t> room, const std::string& limit) {
        if (room && (m.bytes == 0 || *room < m.bytes)) m = HostMemory{*room, limit};
    };
    consider(cgroup_room(), "under the memory limit of this process's cgroup");
    consider(rlimit_room(RLIMIT_AS, "VmSize"),
             "under the address-space limit ulimit -v, less what this process already maps");
    consider(rlimit_room(RLIMIT_DATA, "VmData"),
             "under the data-size limit ulimit -d, less what this process already uses");
    return m;
}

std::uint64_t available_memory_bytes() {
    return host_memory().bytes;
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

void check_memory(const MemoryRequest& r, double available, const std::string& limit) {
    constexpr double kAbsoluteLimit = 1.0e18;  // beyond any machine; keeps sizes exact
    if (r.bytes <= kAbsoluteLimit && (available <= 0 || r.bytes <= available * 0.9)) return;
    std::string message = r.what + " needs " + human_bytes(r.bytes) + " of " + r.memory;
    if (!r.breakdown.empty()) message += " (" + r.breakdown + ")";
    if (available > 0) {
        message += ", but only " + human_bytes(available) + " is available";
        if (!limit.empty()) message += " (" + limit + ")";
    } else {
        message += ", more than any machine has";
    }
    if (!r.advice.empty()) message += ": " + r.advice;
    throw InputError(message);
}

void check_host_memory(const MemoryRequest& r) {
    if (r.bytes < 64.0 * 1024 * 1024) return;  // small: not worth reading /proc/meminfo
    const HostMemory m = host_memory();
    check_memory(r, static_cast<double>(m.bytes), m.limit);
}

}  // namespace toroid
