// The _toroid extension module: the compiled half of the `toroid` package.
//
// toroid/__init__.py re-exports it with the Python half (indexing, result
// dataclasses, Jupyter pictures). Errors: toroid::InputError (bad input
// anywhere, with the command line's message) becomes toroid.InputError, a
// ValueError; std::runtime_error becomes RuntimeError.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/error.hpp"

namespace nb = nanobind;

NB_MODULE(_toroid, m) {
    m.doc() = "toroid's engine: tori, patterns, analysers, 1-D automata and games";
    nb::exception<toroid::InputError>(m, "InputError", PyExc_ValueError);
    m.def(
        "backends", [] { return toroid::backend_registry().available(); },
        "The backends usable here, most preferred first (\"auto\" takes the first).");
    toroid::python::bind_pattern(m);
    toroid::python::bind_torus(m);
    toroid::python::bind_analysis(m);
    toroid::python::bind_eca(m);
    toroid::python::bind_games(m);
}
