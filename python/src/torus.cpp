// toroid.Torus: one torus on a backend from the registry.
//
// The C++ half of the class: the backend calls, NumPy conversions, the
// zero-copy bit rows and the picture. Indexing (t[x, y], slices across the
// seam) and the checks of user arrays live in toroid/_torus.py, which
// subclasses this one and calls _read/_write with plain rectangles.
//
// A torus keeps its size for life. Replacing the whole state (soup, load,
// clear) may lay the backend's planes out anew, so it is refused while a
// zero-copy `.bits` view is alive (the view would point at freed memory);
// steps and cell writes never move the planes.
//
// Threads: the GIL is released during long calls, so two Python threads may
// call the same torus at once. Every call holds the torus's mutex while it
// uses the backend (waiting for it with the GIL released, so a step that
// takes the GIL back to look for Ctrl-C never waits on a thread that waits
// on the step). Only a zero-copy `.bits` view is read without it.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

#include "arrays.hpp"
#include "bindings.hpp"
#include "interrupt.hpp"
#include "pattern_lookup.hpp"
#include "picture.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/error.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid::python {

namespace {

using Clock = std::chrono::steady_clock;
using WordArray = nb::ndarray<nb::numpy, const std::uint64_t, nb::ndim<2>>;

class PyTorus {
  public:
    PyTorus(std::int64_t width, std::int64_t height, const std::string& rule,
            const std::string& backend, int threads, std::uint64_t seed) {
        check_grid_size(width, height);
        if (threads < 0)
            throw InputError("threads=" + std::to_string(threads) +
                             " is negative: expected 0 (all cores) or more");
        Rule r = Rule::parse(rule);
        if (const auto& t = r.torus()) {
            if (t->tube() || t->width != width || t->height != height)
                throw InputError("rule '" + rule + "' names " + torus_name(t->width, t->height) +
                                 " but this torus is " + std::to_string(width) + "x" +
                                 std::to_string(height) + ": drop the :T suffix or match it");
            r = r.with_torus(std::nullopt);
        }
        backend_ = create_backend(backend, r, BackendOptions{threads, seed, true});
        backend_->check_fits(width, height, 0);  // refused before anything is allocated
        backend_->reset(width, height);
        width_ = width;
        height_ = height;
    }

    // The backend, with the torus's mutex held for as long as the result lives.
    struct Locked {
        std::unique_lock<std::mutex> lock;
        Backend* backend;
        Backend* operator->() const { return backend; }
    };
    Locked locked() const { return {lock(), backend_.get()}; }

    std::int64_t width() const { return width_; }    // fixed for life
    std::int64_t height() const { return height_; }  // fixed for life

    // Steps in chunks that each take about 10..50 ms (doubling from one
    // generation), asking for Ctrl-C between them: the torus always stops
    // at a whole generation. The GIL is released throughout.
    void step(std::int64_t generations) {
        const auto held = lock();
        if (generations < 0)
            throw InputError("step(" + std::to_string(generations) +
                             "): expected 0 or more generations");
        SignalWatch watch;
        {
            nb::gil_scoped_release released;
            auto left = std::uint64_t(generations);
            std::uint64_t chunk = 1;
            while (left > 0) {
                const std::uint64_t k = std::min(chunk, left);
                const auto t0 = Clock::now();
                backend_->step(k);
                left -= k;
                if (left == 0 || watch.stopped()) break;
                const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
                if (seconds < 0.01)
                    chunk *= 2;
                else if (seconds > 0.05 && chunk > 1)
                    chunk /= 2;
            }
        }
        watch.finish();
    }

    // As `toroid run --soup D --seed S` starts: the soup loaded at generation 0.
    void soup(double density, std::uint64_t seed) {
        const auto held = lock();
        check_no_views("soup()");
        backend_->check_fits(width(), height(), 1);  // with the grid built here
        Grid g(width(), height());
        fill_soup(g, density, seed);
        nb::gil_scoped_release released;
        backend_->load(g, 0);
    }

    void clear() {
        const auto held = lock();
        check_no_views("clear()");
        backend_->reset(width(), height(), backend_->generation());
    }

    // The file's cells as `toroid run --pattern` places them (a whole saved
    // torus at (0, 0), anything else centred), at generation 0; the torus
    // keeps its rule.
    void load(const std::string& path_or_name) {
        const auto held = lock();
        check_no_views("load()");
        const cli::NamedPattern in = cli::find_pattern(path_or_name);
        const Placement at = pattern_placement(in.pattern, width(), height());
        backend_->reset(width(), height(), 0);
        backend_->write_region(in.pattern.cells, at.x, at.y);
    }

    // As `toroid run --out FILE [--crop]` writes.
    void save(const std::string& path, bool crop) const {
        const auto held = lock();
        WriteOptions wo;
        wo.crop = crop;
        wo.name = "toroid";
        wo.comments.push_back("generation " + std::to_string(backend_->generation()) +
                              ", population " + std::to_string(backend_->population()) + ", rule " +
                              backend_->rule().to_string());
        write_pattern_file(path, backend_->grid(), backend_->rule(), wo);
    }

    void place(const PyPattern& p, std::int64_t x, std::int64_t y) {
        const auto held = lock();
        backend_->write_region(p.pattern.cells, x, y);
    }

    CellArray read(std::int64_t x, std::int64_t y, std::int64_t w, std::int64_t h) const {
        if (w == width() && h == height() && x == 0 && y == 0) return to_numpy();
        check_array_fits(w, h, "t[...]");
        Grid region;
        {
            const auto held = lock();
            region = backend_->read_region(Rect{x, y, w, h});
        }
        return grid_to_array(region);
    }

    void write(std::int64_t x, std::int64_t y, const RowsIn& rows) {
        const auto held = lock();
        backend_->write_region(rows_to_grid(rows), x, y);
    }

    // From the backend's own rows where it has them (no canonical copy first).
    CellArray to_numpy() const {
        const std::int64_t w = width(), h = height();
        check_array_fits(w, h, "to_numpy()");
        std::uint8_t* out = nullptr;
        CellArray a = new_cell_array(w, h, out);
        {
            const auto held = lock();
            nb::gil_scoped_release released;
            const Backend::HostRows rows = backend_->host_rows();
            if (rows.words) {
                expand_rows(rows.words, rows.stride, w, h, out);
            } else {
                const Grid g = backend_->grid();
                expand_rows(g.words().data(), g.words_per_row(), w, h, out);
            }
        }
        return a;
    }

    // A zero-copy view of the state's canonical rows when the backend keeps
    // them so (Backend::host_rows), else a copy; read-only either way.
    WordArray bits() {
        const auto held = lock();
        const std::size_t shape[2] = {std::size_t(height()), std::size_t((width() + 63) / 64)};
        const Backend::HostRows rows = backend_->host_rows();
        if (!rows.words) {
            auto* words = new std::vector<std::uint64_t>(backend_->grid().words());
            nb::capsule owner(words, [](void* p) noexcept {
                delete static_cast<std::vector<std::uint64_t>*>(p);
            });
            return WordArray(words->data(), 2, shape, owner);
        }
        // The view keeps the backend alive and counts as a live view.
        auto* keep = new ViewKeep{backend_, views_};
        nb::capsule owner(keep, [](void* p) noexcept { delete static_cast<ViewKeep*>(p); });
        const std::int64_t strides[2] = {rows.stride, 1};
        return WordArray(rows.words, 2, shape, owner, strides);
    }

    bool has_views() const { return views_.use_count() > 1; }

  private:
    // Waits for the mutex without the GIL when another thread holds it.
    std::unique_lock<std::mutex> lock() const {
        std::unique_lock<std::mutex> l(mutex_, std::try_to_lock);
        if (!l.owns_lock()) {
            nb::gil_scoped_release released;
            l.lock();
        }
        return l;
    }

    void check_no_views(const char* what) const {
        if (has_views())
            throw InputError(std::string(what) +
                             " would replace the torus's memory, but a zero-copy .bits view of "
                             "it is still alive: delete it (del b) or keep a copy "
                             "(b = t.bits.copy()) first");
    }

    struct ViewKeep {
        std::shared_ptr<Backend> backend;
        std::shared_ptr<int> token;
    };
    std::shared_ptr<Backend> backend_;
    std::shared_ptr<int> views_ = std::make_shared<int>(0);
    std::int64_t width_ = 0, height_ = 0;
    mutable std::mutex mutex_;
};

}  // namespace

void bind_torus(nb::module_& m) {
    nb::class_<PyTorus>(m, "Torus", R"(A torus of width x height cells under one rule, on a backend.

Torus(width, height, rule="B3/S23", backend="auto", threads=0, seed=1)

backend is "auto" (the GPU when one is usable, else the CPU), "cpu" or
"cuda"; threads 0 uses every core; seed keys a stochastic rule's draws
(the command line's --seed). Cells are indexed like the plane, t[x, y],
with x to the right and y down; see toroid.Torus for indexing.

>>> t = Torus(64, 64)
>>> t.soup(0.5, seed=1).step(100).generation
100)")
        .def(nb::init<std::int64_t, std::int64_t, const std::string&, const std::string&, int,
                      std::uint64_t>(),
             nb::arg("width"), nb::arg("height"), nb::arg("rule") = "B3/S23",
             nb::arg("backend") = "auto", nb::arg("threads") = 0, nb::arg("seed") = 1)
        .def_prop_ro("width", &PyTorus::width, "Cells per row.")
        .def_prop_ro("height", &PyTorus::height, "Rows.")
        .def_prop_ro(
            "rule", [](const PyTorus& t) { return t.locked()->rule().to_string(); },
            "The rule in canonical form, e.g. 'B3/S23'.")
        .def_prop_ro(
            "backend", [](const PyTorus& t) { return t.locked()->describe(); },
            "What the torus runs on, e.g. 'cpu (avx2, 2 threads)'.")
        .def_prop_ro(
            "seed", [](const PyTorus& t) { return t.locked()->seed(); },
            "The key of a stochastic rule's draws.")
        .def_prop_ro(
            "generation", [](const PyTorus& t) { return t.locked()->generation(); },
            "Generations stepped since the start (soup, load).")
        .def_prop_ro(
            "population", [](const PyTorus& t) { return t.locked()->population(); }, "Live cells.")
        .def(
            "hash", [](const PyTorus& t) { return t.locked()->hash(); },
            R"(The 64-bit hash of the state, as `toroid run --json` prints it in hex.

>>> Torus(8, 8).hash() == Torus(8, 8, backend="cpu").hash()
True)")
        .def(
            "step",
            [](nb::object self, std::int64_t n) {
                nb::cast<PyTorus&>(self).step(n);
                return self;
            },
            nb::arg("n") = 1,
            R"(Advances n generations and returns the torus (the GIL is released;
Ctrl-C stops at a whole generation and raises KeyboardInterrupt).

>>> Torus(16, 16).soup(0.5, seed=3).step(10).generation
10)")
        .def(
            "soup",
            [](nb::object self, double density, std::uint64_t seed) {
                nb::cast<PyTorus&>(self).soup(density, seed);
                return self;
            },
            nb::arg("density") = 0.5, nb::arg("seed") = 1,
            R"(Fills the torus with a random soup at generation 0, as `toroid run
--soup DENSITY --seed SEED` does, and returns the torus.

>>> Torus(64, 64).soup(0.5, seed=1).population
2016)")
        .def(
            "clear",
            [](nb::object self) {
                nb::cast<PyTorus&>(self).clear();
                return self;
            },
            "Kills every cell (the generation counter stays) and returns the torus.")
        .def(
            "load",
            [](nb::object self, const std::string& path) {
                nb::cast<PyTorus&>(self).load(path);
                return self;
            },
            nb::arg("path"),
            R"(Replaces the state with a pattern file or library name at generation 0,
placed as `toroid run --pattern` places it (a whole saved torus at (0, 0),
anything else centred); the torus keeps its own rule. Returns the torus.)")
        .def("save", &PyTorus::save, nb::arg("path"), nb::arg("crop") = false,
             R"(Writes the torus to a pattern file (.rle, .cells, .lif, .mc, each
maybe .gz) as `toroid run --out PATH [--crop]` does: the whole torus, or
with crop=True its bounding box.)")
        .def("_place", &PyTorus::place, nb::arg("pattern"), nb::arg("x"), nb::arg("y"))
        .def("_read", &PyTorus::read, nb::arg("x"), nb::arg("y"), nb::arg("w"), nb::arg("h"))
        .def("_write", &PyTorus::write, nb::arg("x"), nb::arg("y"), nb::arg("rows"))
        .def("_get", [](const PyTorus& t, std::int64_t x,
                        std::int64_t y) { return int(t.locked()->get(x, y)); })
        .def("_set", [](PyTorus& t, std::int64_t x, std::int64_t y,
                        bool alive) { t.locked()->set(x, y, alive); })
        .def("to_numpy", &PyTorus::to_numpy,
             R"(The cells as a new uint8 array a[x, y] of shape (width, height)
(row-major by y: a.T is the picture, rows top down).

>>> Torus(3, 2).to_numpy().shape
(3, 2))")
        .def_prop_ro(
            "bits", [](PyTorus& t) { return nb::cast(t.bits()); },
            R"(The canonical bit rows, a read-only uint64 array of shape
(height, ceil(width / 64)): cell x of row y is bit x % 64 of bits[y, x // 64].
On the CPU backend, when the width is a multiple of 64, it is a view of the
backend's own memory (no copy); it then shows the state it was taken at
only until the torus changes, so take it again after a step. While such a
view is alive, soup(), load() and clear() are refused.)")
        .def_prop_ro("_has_views", &PyTorus::has_views)
        .def(
            "png",
            [](const PyTorus& t, int max_side) {
                const std::string png = backend_png(*t.locked().backend, max_side);
                return nb::bytes(png.data(), png.size());
            },
            nb::arg("max_side") = 512,
            R"(The whole torus as PNG bytes, scaled by a power of two to at most
max_side pixels a side (the viewer's render body): what Jupyter shows.)");
}

}  // namespace toroid::python
