#include <algorithm>
#include <mutex>

#include "toroid/core/batch_backend.hpp"
#include "toroid/cpu/cpu_batch_backend.hpp"
#include "toroid/error.hpp"

namespace toroid {

TorusBatch::TorusBatch(std::int64_t width, std::int64_t height, std::size_t n)
    : shape(TorusShape::of(width, height)),
      count(n),
      words(n * std::size_t(shape.words()), 0),
      rules(n),
      seeds(n, 0),
      generations(n, 0) {
    if (width < 1 || height < 1)
        throw InputError("batch torus " + std::to_string(width) + "x" + std::to_string(height) +
                         " is invalid: expected both sides >= 1");
}

namespace {

std::mutex& registry_mutex() {
    static std::mutex m;
    return m;
}

std::vector<BatchBackendEntry>& registry() {
    static std::vector<BatchBackendEntry> entries = [] {
        std::vector<BatchBackendEntry> v;
        v.push_back(
            BatchBackendEntry{"cpu", 0, [] { return true; }, [] { return std::string(); },
                              [](const BatchOptions& o) { return make_cpu_batch_backend(o); }});
        return v;
    }();
    return entries;
}

}  // namespace

void register_batch_backend(BatchBackendEntry entry) {
    std::lock_guard lock(registry_mutex());
    auto& r = registry();
    std::erase_if(r, [&](const BatchBackendEntry& e) { return e.name == entry.name; });
    r.push_back(std::move(entry));
    std::stable_sort(r.begin(), r.end(),
                     [](const BatchBackendEntry& a, const BatchBackendEntry& b) {
                         return a.preference > b.preference;
                     });
}

std::vector<std::string> available_batch_backends() {
    std::lock_guard lock(registry_mutex());
    std::vector<std::string> names;
    for (const auto& e : registry())
        if (e.usable()) names.push_back(e.name);
    return names;
}

std::unique_ptr<BatchBackend> create_batch_backend(const std::string& name,
                                                   const BatchOptions& options) {
    BatchBackendFactory factory;
    {
        std::lock_guard lock(registry_mutex());
        std::string known;
        for (const auto& e : registry()) {
            known += (known.empty() ? "" : ", ") + e.name;
            if (name == "auto" ? e.usable() : e.name == name) {
                if (!e.usable())
                    throw InputError("batch backend '" + name +
                                     "' cannot be used here: " + e.why());
                factory = e.create;
                break;
            }
        }
        if (!factory)
            throw InputError("unknown batch backend '" + name + "'" +
                             (name == "cuda" ? " (this build has no CUDA batch backend)" : "") +
                             ": expected auto or one of: " + known);
    }
    return factory(options);
}

}  // namespace toroid
