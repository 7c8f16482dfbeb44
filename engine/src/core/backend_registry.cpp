// The backend registries (2-D and 1-D) and the Backend defaults. The engine
// registers its "cpu" backends here; other libraries add theirs with
// register_backend / register_eca_backend (see core/backend.hpp).
#include <string>

#include "named_registry.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/eca/eca_backend.hpp"
#include "toroid/eca/eca_cpu.hpp"
#include "toroid/error.hpp"
#include "toroid/hashlife/hashlife_backend.hpp"
#include "toroid/memory.hpp"

namespace toroid {

namespace {

bool always() {
    return true;
}
std::string no_reason() {
    return {};
}
std::string hashlife_scope() {
    return "it runs only tori whose sides are powers of two and deterministic rules: ask for "
           "it by name (--backend hashlife)";
}

detail::NamedRegistry<BackendEntry>& registry() {
    static detail::NamedRegistry<BackendEntry> r(
        {BackendEntry{"cpu", 0, always, no_reason,
                      [](const Rule& rule, const BackendOptions& o) -> std::unique_ptr<Backend> {
                          return std::make_unique<CpuBackend>(rule, o);
                      }},
         BackendEntry{"hashlife", -10, always, hashlife_scope, make_hashlife_backend, false}});
    return r;
}

detail::NamedRegistry<EcaBackendEntry>& eca_registry() {
    static detail::NamedRegistry<EcaBackendEntry> r(
        {EcaBackendEntry{"cpu", 0, always, no_reason, [](int rule, const EcaBackendOptions& o) {
                             return make_eca_cpu_backend(rule, o);
                         }}});
    return r;
}

}  // namespace

void register_backend(BackendEntry entry) {
    registry().add(std::move(entry));
}

std::vector<std::string> registered_backends() {
    return registry().names(false);
}

std::vector<std::string> available_backends() {
    return registry().names(true);
}

std::string backend_unusable_reason(const std::string& name) {
    return registry().unusable_reason(name);
}

std::unique_ptr<Backend> create_backend(const std::string& name, const Rule& rule,
                                        const BackendOptions& options) {
    return registry().find(name, "backend")(rule, options);
}

void register_eca_backend(EcaBackendEntry entry) {
    eca_registry().add(std::move(entry));
}

std::vector<std::string> registered_eca_backends() {
    return eca_registry().names(false);
}

std::vector<std::string> available_eca_backends() {
    return eca_registry().names(true);
}

std::unique_ptr<EcaBackend> create_eca_backend(const std::string& name, int rule,
                                               const EcaBackendOptions& options) {
    return eca_registry().find(name, "backend")(rule, options);
}

EcaBackend::EcaBackend(int rule) : rule_(rule) {
    if (rule < 0 || rule > 255)
        throw InputError("elementary rule " + std::to_string(rule) +
                         " is out of range; expected 0..255");
}

void check_torus_host_memory(std::int64_t width, std::int64_t height, int caller_planes,
                             int own_planes, double own_plane_bytes, const std::string& owner) {
    const double canonical = canonical_plane_bytes(width, height);
    std::string breakdown;
    auto planes = [](int n) { return std::to_string(n) + (n == 1 ? " bit-plane" : " bit-planes"); };
    if (own_planes > 0)
        breakdown = planes(own_planes) + " of " + human_bytes(own_plane_bytes) + " for " + owner;
    if (caller_planes > 0)
        breakdown += (breakdown.empty() ? "" : " + ") + planes(caller_planes) + " of " +
                     human_bytes(canonical) + " for the grid it loads";
    check_host_memory({double(own_planes) * own_plane_bytes + caller_planes * canonical,
                       torus_name(width, height), breakdown, "choose a smaller size"});
}

void Backend::check_fits(std::int64_t width, std::int64_t height, int caller_planes) const {
    check_torus_host_memory(width, height, caller_planes, 2, canonical_plane_bytes(width, height),
                            "the " + name() + " backend");
}

void Backend::reset(std::int64_t width, std::int64_t height, std::uint64_t generation) {
    load(Grid(width, height), generation);
}

Grid Backend::read_region(const Rect& r) const {
    return grid().crop(r);
}

void Backend::write_region(const Grid& src, std::int64_t x, std::int64_t y) {
    Grid g = grid();
    g.paste(src, x, y, true);
    load(g, generation_);
}

namespace {

// Backend::save_state's default: the cells, their hash and the generation.
struct GridState final : Backend::SavedState {
    Grid grid;
    std::uint64_t hash = 0;
    std::uint64_t generation = 0;
};

}  // namespace

std::unique_ptr<Backend::SavedState> Backend::save_state() const {
    auto s = std::make_unique<GridState>();
    s->grid = grid();
    s->hash = s->grid.hash();
    s->generation = generation_;
    return s;
}

bool Backend::same_state(const SavedState& saved) const {
    const auto& s = dynamic_cast<const GridState&>(saved);
    if (s.grid.width() != width() || s.grid.height() != height() || s.hash != hash()) return false;
    return grid() == s.grid;
}

void Backend::restore_state(const SavedState& saved) {
    const auto& s = dynamic_cast<const GridState&>(saved);
    load(s.grid, s.generation);
}

void Backend::write_pattern(const std::string& path, const WriteOptions& options) const {
    write_pattern_file(path, grid(), rule_, options);
}

void Backend::load_macrocell(const MacrocellTree&, std::int64_t width, std::int64_t height,
                             std::uint64_t) {
    throw InputError("the macrocell file holds a whole " + std::to_string(width) + "x" +
                     std::to_string(height) + " torus, too large for a grid in memory; the " +
                     name() + " backend needs one: --backend hashlife reads it from its tree");
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
