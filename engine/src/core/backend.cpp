// Backend's defaults, the host memory check every backend shares, and the
// 2-D registry (core/registry.hpp; backends register themselves from their
// own libraries).
#include "toroid/core/backend.hpp"

#include <string>

#include "toroid/error.hpp"
#include "toroid/memory.hpp"

namespace toroid {

BackendRegistry& backend_registry() {
    static BackendRegistry r("backend");
    return r;
}

std::unique_ptr<Backend> create_backend(const std::string& name, const Rule& rule,
                                        const BackendOptions& options, Workload work) {
    // Named rules run on the CPU unless "cuda" is asked for by name (its
    // tree walk is untested on a device): "auto" means "cpu" for them.
    // Generations and range-r rules take the registry's choice (the cuda
    // multi-state backend for dense work where a device exists).
    if (name == "auto" && rule.named())
        return backend_registry().create_for("cpu", work, rule, options);
    return backend_registry().create_for(name, work, rule, options);
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

std::vector<Backend::LiveWord> Backend::live_words() const {
    const Grid g = grid();
    std::vector<LiveWord> out;
    for (std::int64_t y = 0; y < g.height(); ++y) {
        const auto row = g.row(y);
        for (std::int64_t j = 0; j < g.words_per_row(); ++j)
            if (row[std::size_t(j)]) out.push_back({y, j, row[std::size_t(j)]});
    }
    return out;
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

std::optional<std::string> Backend::macrocell_text(const WriteOptions&) const {
    return std::nullopt;
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
