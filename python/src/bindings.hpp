// The parts of the _toroid extension module, each adding its classes and
// functions to the module (module.cpp calls them in this order), and the
// types they share.
#pragma once

#include <nanobind/nanobind.h>

#include <nlohmann/json.hpp>
#include <string>

#include "toroid/io/pattern.hpp"

namespace toroid::python {

namespace nb = nanobind;

// A pattern as Python sees it (toroid.Pattern): what a file or text held,
// and the name it goes by in results ("acorn", the file's stem, "<text>").
struct PyPattern {
    Pattern pattern;
    std::string name;
};

// Pattern.load: a file, or a name from the pattern library (as the commands).
PyPattern load_pattern(const std::string& path_or_name);

// JSON (the engine's own result objects, e.g. a sweep's census) as Python
// dicts, lists, ints, floats, strings, bools and None.
nb::object json_to_python(const nlohmann::json& j);

void bind_pattern(nb::module_& m);   // Pattern, identify
void bind_torus(nb::module_& m);     // Torus
void bind_analysis(nb::module_& m);  // methuselah, sweep, selftest
void bind_eca(nb::module_& m);       // eca, eca_rule
void bind_games(nb::module_& m);     // the games submodule's functions

}  // namespace toroid::python
