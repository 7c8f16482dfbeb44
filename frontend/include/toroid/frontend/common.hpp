// Helpers shared by the simulation commands: sizes, backends, formatting.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "toroid/core/backend.hpp"

namespace toroid::frontend {

struct Size {
    std::int64_t width = 0, height = 0;
};

// "4096x4096" (also "4096X4096", "4096*4096"); InputError otherwise.
Size parse_size(const std::string& text, const std::string& option);

// Backend by name from the registry ("auto", "cpu", "cuda", ...), after
// checking the thread count as --threads is checked (thread_limit.hpp);
// Backend::describe() says what it runs on. `memory_mib`: --memory
// (BackendOptions::memory_bytes in MiB; 0 = the backend's default).
std::unique_ptr<Backend> make_backend(const std::string& name, const Rule& rule, int threads,
                                      std::uint64_t seed, bool skip_unchanged = true,
                                      std::uint64_t memory_mib = 0);

std::string hex64(std::uint64_t v);
std::string format_rate(double per_second);  // "1.23e+10"

}  // namespace toroid::frontend
