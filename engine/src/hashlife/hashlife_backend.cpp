// HashLifeBackend (contract in toroid/hashlife/hashlife_backend.hpp).
#include "toroid/hashlife/hashlife_backend.hpp"

#include <algorithm>
#include <bit>

#include "toroid/error.hpp"
#include "toroid/hashlife/macrocell_tree.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/io/gzip.hpp"
#include "toroid/memory.hpp"

namespace toroid {

using hashlife::NodeId;
using hashlife::NodeStore;
using hashlife::TorusTree;

namespace {

const Rule& deterministic(const Rule& rule) {
    if (rule.stochastic())
        throw InputError("the hashlife backend runs deterministic rules only; " + rule.to_string() +
                         " is stochastic (HashLife's memoised results need a rule whose next "
                         "state is a function of the neighbourhood): use --backend cpu");
    return rule;
}

std::uint64_t budget_of(const BackendOptions& o) {
    return o.memory_bytes ? o.memory_bytes : HashLifeBackend::default_memory_bytes();
}

// A saved state: the root (pinned while the state lives) and the generation.
struct TreeState final : Backend::SavedState {
    TreeState(NodeStore& s, NodeId r, std::int64_t w, std::int64_t h, std::uint64_t g)
        : store(&s), root(r), width(w), height(h), generation(g) {
        store->pin(root);
    }
    ~TreeState() override { store->unpin(root); }
    TreeState(const TreeState&) = delete;
    TreeState& operator=(const TreeState&) = delete;

    NodeStore* store;
    NodeId root;
    std::int64_t width, height;
    std::uint64_t generation;
};

}  // namespace

std::uint64_t HashLifeBackend::default_memory_bytes() {
    const std::uint64_t available = available_memory_bytes();
    if (available == 0) return std::uint64_t(1) << 30;
    return std::max<std::uint64_t>(available / 2, std::uint64_t(64) << 20);
}

HashLifeBackend::HashLifeBackend(const Rule& rule, const BackendOptions& options)
    : Backend(deterministic(rule), options.seed),
      store_(budget_of(options)),
      leaf_rule_(rule.range1_table()),
      stepper_(store_, leaf_rule_) {}

HashLifeBackend::~HashLifeBackend() = default;

std::string HashLifeBackend::describe() const {
    return "hashlife (memory budget " + human_bytes(double(store_.budget_bytes())) + ")";
}

TorusTree& HashLifeBackend::torus() const {
    if (!tree_) throw InputError("the hashlife backend holds no torus yet (load or reset first)");
    return *tree_;
}

const TorusTree& HashLifeBackend::tree() const {
    return torus();
}

void HashLifeBackend::reset(std::int64_t width, std::int64_t height, std::uint64_t generation) {
    hashlife::check_torus_shape(width, height, "the hashlife backend");
    tree_.reset();  // unpins the old root first
    tree_ = std::make_unique<TorusTree>(stepper_, width, height);
    generation_ = generation;
}

void HashLifeBackend::load(const Grid& grid, std::uint64_t generation) {
    reset(grid.width(), grid.height(), generation);
    tree_->write(grid, 0, 0);
}

Grid HashLifeBackend::grid() const {
    return torus().read(Rect{0, 0, width(), height()});
}

std::int64_t HashLifeBackend::width() const {
    return tree_ ? tree_->width() : 0;
}

std::int64_t HashLifeBackend::height() const {
    return tree_ ? tree_->height() : 0;
}

bool HashLifeBackend::get(std::int64_t x, std::int64_t y) const {
    return torus().get(x, y);
}

void HashLifeBackend::set(std::int64_t x, std::int64_t y, bool alive) {
    torus().set(x, y, alive);
}

Grid HashLifeBackend::read_region(const Rect& r) const {
    return torus().read(r);
}

void HashLifeBackend::write_region(const Grid& src, std::int64_t x, std::int64_t y) {
    torus().write(src, x, y);
}

void HashLifeBackend::step(std::uint64_t generations) {
    TorusTree& t = torus();
    if (generations > ~std::uint64_t(0) - generation_)
        throw InputError("stepping " + std::to_string(generations) +
                         " generations from generation " + std::to_string(generation_) +
                         " would pass 2^64-1, the largest generation counted");
    t.step(generations);
    generation_ += generations;
}

WideCount HashLifeBackend::population_wide() const {
    return torus().population();
}

std::uint64_t HashLifeBackend::population() const {
    const WideCount p = population_wide();
    if (p > kMaxNarrowCount)
        throw InputError("the population, " + to_string(p) + " cells, exceeds 2^64-1 (a " +
                         std::to_string(width()) + "x" + std::to_string(height()) +
                         " torus): read it with population_wide()");
    return std::uint64_t(p);
}

std::uint64_t HashLifeBackend::hash() const {
    return torus().hash();
}

void HashLifeBackend::check_fits(std::int64_t width, std::int64_t height, int caller_planes) const {
    hashlife::check_torus_shape(width, height, "the hashlife backend");
    if (caller_planes > 0) check_grid_fits(width, height, caller_planes);
    check_host_memory({double(store_.budget_bytes()), "the hashlife backend",
                       "its memory budget (--memory), which the node store may fill",
                       "give a smaller --memory (MiB)"});
}

std::unique_ptr<Backend::SavedState> HashLifeBackend::save_state() const {
    const TorusTree& t = torus();
    // Pinning is bookkeeping, not a change of state: the store is shared.
    return std::make_unique<TreeState>(t.store(), t.root(), t.width(), t.height(), generation_);
}

bool HashLifeBackend::same_state(const SavedState& saved) const {
    const auto& s = dynamic_cast<const TreeState&>(saved);
    const TorusTree& t = torus();
    return s.store == &store_ && s.width == t.width() && s.height == t.height() &&
           s.root == t.root();
}

void HashLifeBackend::restore_state(const SavedState& saved) {
    const auto& s = dynamic_cast<const TreeState&>(saved);
    if (s.store != &store_)
        throw InputError(
            "a saved hashlife state can only be restored by the backend that saved it");
    if (!tree_ || tree_->width() != s.width || tree_->height() != s.height)
        reset(s.width, s.height);
    tree_->set_root(s.root);
    generation_ = s.generation;
}

std::optional<std::string> HashLifeBackend::macrocell_text(const WriteOptions& options) const {
    return hashlife::format_macrocell_tree(torus(), rule_, generation_, options);
}

void HashLifeBackend::load_macrocell(const MacrocellTree& file, std::int64_t width,
                                     std::int64_t height, std::uint64_t generation) {
    hashlife::check_torus_shape(width, height, "the hashlife backend");
    // Built before the torus is replaced: a file refused half-way leaves it.
    NodeStore::Frame frame(store_);
    const NodeId square = store_.push(
        hashlife::square_from_macrocell(store_, file, std::countr_zero(std::uint64_t(width)),
                                        std::countr_zero(std::uint64_t(height))));
    reset(width, height, generation);
    tree_->set_root(square);
}

std::unique_ptr<Backend> make_hashlife_backend(const Rule& rule, const BackendOptions& options) {
    return std::make_unique<HashLifeBackend>(rule, options);
}

}  // namespace toroid
