// Backend: the interface every 2-D simulator implements, and its registry.
//
// A backend owns one torus state under one rule: it loads a canonical Grid,
// advances it, and answers population, hash and cell queries. Results are
// bit-identical across backends: same grid, rule, seed and generation give the
// same state, population and hash on the CPU and on the GPU.
//
// Backends are found by name through backend_registry() (core/registry.hpp:
// who registers where, what "auto" picks); front ends (CLI, bench, viewer,
// sweeps) link `toroid_backends` and never name a backend's type.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "toroid/core/checkpoint.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/registry.hpp"
#include "toroid/core/render_request.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/wide_count.hpp"

namespace toroid {

struct WriteOptions;   // io/pattern.hpp
struct MacrocellTree;  // io/macrocell.hpp

struct BackendOptions {
    int threads = 0;         // CPU threads; 0 = all cores
    std::uint64_t seed = 0;  // key of the stochastic draws
    // Skip regions that provably did not change (the CPU backend's active
    // tiles). Off = brute force, every cell every generation: what dense
    // benchmarks measure. Results are identical either way.
    bool skip_unchanged = true;
    // Bytes a backend may use for its caches (hashlife: its node store,
    // garbage-collected to stay within); 0 = the backend's default.
    std::uint64_t memory_bytes = 0;
};

class Backend {
  public:
    virtual ~Backend() = default;

    virtual std::string name() const = 0;
    // For reports: the name and what it runs on, e.g. "cpu (avx2, 8 threads)"
    // or "cuda (NVIDIA H200, sm_90, 139 GiB)".
    virtual std::string describe() const { return name(); }
    const Rule& rule() const { return rule_; }
    std::uint64_t seed() const { return seed_; }
    std::uint64_t generation() const { return generation_; }

    // Replaces the whole state; the generation counter becomes `generation`.
    virtual void load(const Grid& grid, std::uint64_t generation = 0) = 0;
    // An empty width x height torus at `generation`, without building a Grid
    // of that size: with write_region(), how a pattern starts on a huge torus
    // (start-up in proportion to the pattern, not the torus). The default
    // loads an empty Grid; backends override it to allocate only.
    virtual void reset(std::int64_t width, std::int64_t height, std::uint64_t generation = 0);
    virtual Grid grid() const = 0;  // canonical copy of the current state
    // The current state's canonical rows in place, where a backend keeps them
    // as such in host memory: row y is words[y * stride .. y * stride +
    // words_per_row), padding bits zero. Valid until the state next changes
    // (a step, an edit, a load) and while the backend lives; for zero-copy
    // readers (the Python module's Torus.bits). words == nullptr when the
    // layout does not allow it: the default, device memory, the CPU
    // backend's column strips or a width that is not a multiple of 64 (the
    // last word then carries cell 0 in bit W, core/plane_layout.hpp).
    struct HostRows {
        const std::uint64_t* words = nullptr;
        std::int64_t stride = 0;  // words from one row to the next
    };
    virtual HostRows host_rows() const { return {}; }
    virtual std::int64_t width() const = 0;
    virtual std::int64_t height() const = 0;

    virtual bool get(std::int64_t x, std::int64_t y) const = 0;
    virtual void set(std::int64_t x, std::int64_t y, bool alive) = 0;
    // Regions wrap around the torus; write_region overwrites (dead cells of
    // src clear cells). The defaults go through grid()/load(); backends
    // override them with row copies (toroid/core/row_bits.hpp).
    virtual Grid read_region(const Rect& r) const;
    virtual void write_region(const Grid& src, std::int64_t x, std::int64_t y);
    void clear() { load(Grid(width(), height()), generation_); }

    virtual void step(std::uint64_t generations = 1) = 0;
    virtual std::uint64_t population() const = 0;
    // The population in 128 bits (core/wide_count.hpp): tori of more than
    // 2^64 cells (hashlife) can hold more live cells than population()
    // returns; there population() refuses (InputError) instead of wrapping.
    virtual WideCount population_wide() const { return population(); }
    virtual std::uint64_t hash() const = 0;  // == grid().hash()

    // --- For analysers following a pattern on a large torus (Universe) ----
    // A cheap summary of the state: equal states have equal signatures,
    // different ones usually differ. A repeat detector takes hash() only
    // when the signature repeats. The default is hash() itself
    // (signature_is_hash(): then hashing again on a repeat costs twice).
    virtual std::uint64_t signature() const { return hash(); }
    virtual bool signature_is_hash() const { return true; }
    // The non-zero canonical words of the state, sorted by (y, j): word j of
    // row y holds cells 64 j .. 64 j + 63. The default scans grid();
    // backends that know their live area list only it.
    struct LiveWord {
        std::int64_t y = 0, j = 0;
        std::uint64_t bits = 0;
    };
    virtual std::vector<LiveWord> live_words() const;
    // A rectangle (wrapping, x and y taken modulo the size) holding every
    // cell in a state other than 0: the whole torus by default; backends
    // that know their occupied area narrow it (the multi-state CPU
    // backend: its occupied rows; empty when no cell is), so that
    // read_region() of it lists a multi-state pattern at the cost of its area.
    virtual Rect occupied_rect() const { return Rect{0, 0, width(), height()}; }
    // ----------------------------------------------------------------------

    // Refuses (InputError), before anything is allocated, a width x height
    // torus this backend could not hold beside `caller_planes` canonical
    // bit-planes the caller keeps (the Grid it loads from): the message names
    // the bytes each part needs and what is available. load() checks the
    // backend's own part again. The default counts two canonical planes.
    virtual void check_fits(std::int64_t width, std::int64_t height, int caller_planes = 1) const;

    // --- Rendering (toroid-view; contract in render_request.hpp) ---------
    // Draws the view into target's RGBA8 pixels. The default reads the
    // visible cells (read_region) and draws them on the host; backends draw
    // from their own storage instead. renders_to_device(): the backend also
    // accepts device-memory targets (the viewer then maps a GL buffer).
    virtual void render(const RenderRequest& request, const RenderTarget& target) const;
    virtual bool renders_to_device() const { return false; }
    // ----------------------------------------------------------------------

    // --- Saved states (analysis/torus_cycle.hpp) ---------------------------
    // A copy of the current cells and generation that later states compare
    // with exactly and that the backend can return to. The default keeps the
    // grid (and compares hashes first); hashlife keeps one node, so saving,
    // comparing and returning cost O(1) (equal states are the same node).
    // A saved state belongs to the backend that made it and must not outlive
    // it; same_state() compares cells only, not the generation.
    class SavedState {
      public:
        virtual ~SavedState() = default;
    };
    virtual std::unique_ptr<SavedState> save_state() const;
    virtual bool same_state(const SavedState& saved) const;
    virtual void restore_state(const SavedState& saved);
    // ----------------------------------------------------------------------

    // --- Macrocell files from and into the backend's own storage ----------
    // The macrocell text of the whole torus written straight from the
    // backend's storage (hashlife: its tree, so a torus too large for a Grid
    // can be saved), or nullopt (the default): then writers go through
    // grid() (io/pattern.hpp: write_backend_pattern).
    virtual std::optional<std::string> macrocell_text(const WriteOptions& options) const;
    // Loads a whole width x height torus from a macrocell file's tree
    // (Pattern::tree: a torus too large for a Grid) at `generation`. The
    // default refuses (InputError); hashlife builds its nodes from the file's.
    virtual void load_macrocell(const MacrocellTree& tree, std::int64_t width, std::int64_t height,
                                std::uint64_t generation = 0);
    // ----------------------------------------------------------------------

    Checkpoint checkpoint(std::string metadata = {}) const;
    // Loads a checkpoint's grid and generation; its rule and seed must match.
    void restore(const Checkpoint& cp);

  protected:
    Backend(const Rule& rule, std::uint64_t seed) : rule_(rule), seed_(seed) {}
    Rule rule_;
    std::uint64_t seed_ = 0;
    std::uint64_t generation_ = 0;
};

// The common part of every check_fits: refuses a width x height torus when
// `caller_planes` canonical bit-planes plus the backend's `own_planes` host
// planes of `own_plane_bytes` each exceed the host memory available; `owner`
// ("the cpu backend") names them in the message. Device backends pass
// own_planes = 0 and check their device memory themselves.
void check_torus_host_memory(std::int64_t width, std::int64_t height, int caller_planes,
                             int own_planes, double own_plane_bytes, const std::string& owner);

using BackendRegistry = Registry<Backend, const Rule&, const BackendOptions&>;
using BackendEntry = BackendRegistry::Entry;
BackendRegistry& backend_registry();

// backend_registry().create_for(name, work, ...): "cpu", "cuda", ... or
// "auto"; unknown or unusable names are InputError.
std::unique_ptr<Backend> create_backend(const std::string& name, const Rule& rule,
                                        const BackendOptions& options = {},
                                        Workload work = Workload::Dense);

}  // namespace toroid
