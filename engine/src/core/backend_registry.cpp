#include <algorithm>
#include <mutex>

#include "toroid/core/backend.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/error.hpp"

namespace toroid {

namespace {

std::mutex& registry_mutex() {
    static std::mutex m;
    return m;
}

std::vector<BackendEntry>& registry() {
    static std::vector<BackendEntry> entries = [] {
        std::vector<BackendEntry> v;
        v.push_back(
            BackendEntry{"cpu", 0, [] { return true; }, [] { return std::string(); },
                         [](const Rule& rule, const BackendOptions& o) -> std::unique_ptr<Backend> {
                             return std::make_unique<CpuBackend>(rule, o);
                         }});
        return v;
    }();
    return entries;
}

}  // namespace

void register_backend(BackendEntry entry) {
    std::lock_guard lock(registry_mutex());
    auto& r = registry();
    std::erase_if(r, [&](const BackendEntry& e) { return e.name == entry.name; });
    r.push_back(std::move(entry));
    std::stable_sort(r.begin(), r.end(), [](const BackendEntry& a, const BackendEntry& b) {
        return a.preference > b.preference;
    });
}

std::vector<std::string> available_backends() {
    std::lock_guard lock(registry_mutex());
    std::vector<std::string> names;
    for (const auto& e : registry())
        if (e.usable()) names.push_back(e.name);
    return names;
}

std::unique_ptr<Backend> create_backend(const std::string& name, const Rule& rule,
                                        const BackendOptions& options) {
    BackendFactory factory;
    {
        std::lock_guard lock(registry_mutex());
        std::string known;
        for (const auto& e : registry()) {
            known += (known.empty() ? "" : ", ") + e.name;
            if (name == "auto" ? e.usable() : e.name == name) {
                if (!e.usable())
                    throw InputError("backend '" + name + "' cannot be used here: " + e.why());
                factory = e.create;
                break;
            }
        }
        if (!factory) {
            std::string hint =
                name == "cuda"
                    ? " (this build has no CUDA support: nvcc was not found at build time)"
                    : "";
            throw InputError("unknown backend '" + name + "'" + hint +
                             ": expected auto or one of: " + known);
        }
    }
    return factory(rule, options);
}

Grid Backend::read_region(const Rect& r) const {
    return grid().crop(r);
}

void Backend::write_region(const Grid& src, std::int64_t x, std::int64_t y) {
    Grid g = grid();
    g.paste(src, x, y, true);
    load(g, generation_);
}

Checkpoint Backend::checkpoint(std::string metadata) const {
    return Checkpoint{grid(), rule_, seed_, generation_, std::move(metadata)};
}

void Backend::restore(const Checkpoint& cp) {
    if (!(cp.rule.with_torus(std::nullopt) == rule_.with_torus(std::nullopt)))
        throw InputError("checkpoint was made with rule " + cp.rule.to_string() + ", not " +
                         rule_.to_string());
    if (cp.seed != seed_)
        throw InputError("checkpoint was made with seed " + std::to_string(cp.seed) + ", not " +
                         std::to_string(seed_));
    load(cp.grid, cp.generation);
}

}  // namespace toroid
