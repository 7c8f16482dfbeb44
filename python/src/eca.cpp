// toroid.eca: elementary (1-D) automata through the 1-D backend registry,
// as `toroid eca RULE --width W --steps N --init SPEC` runs them.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include "arrays.hpp"
#include "bindings.hpp"
#include "interrupt.hpp"
#include "toroid/eca/eca_backend.hpp"
#include "toroid/eca/eca_formula.hpp"
#include "toroid/eca/eca_ring.hpp"
#include "toroid/eca/eca_rule.hpp"
#include "toroid/error.hpp"

namespace toroid::python {

namespace {

// The space-time diagram, generation t in row t: a (steps + 1, width) array.
CellArray eca(int rule, std::int64_t width, std::int64_t steps, const std::string& init,
              const std::string& backend, int threads) {
    if (steps < 0)
        throw InputError("steps=" + std::to_string(steps) + " is negative; expected 0 or more");
    if (width < 1)
        throw InputError("width=" + std::to_string(width) + " is invalid; expected at least 1");
    if (threads < 0)
        throw InputError("threads=" + std::to_string(threads) +
                         " is negative: expected 0 (all cores) or more");
    if (steps > (std::int64_t(1) << 40))
        throw InputError("steps=" + std::to_string(steps) +
                         " keeps too large a diagram: expected at most 2^40");
    auto b = create_eca_backend(backend, rule, {threads});
    // The diagram is one byte a cell here, eight rings' worth of bits.
    b->check_fits(width, 8 * (std::uint64_t(steps) + 1) + 1);
    const std::size_t rows = std::size_t(steps) + 1;
    nb::object diagram =
        nb::module_::import_("numpy").attr("empty")(nb::make_tuple(rows, width), "uint8");
    std::uint8_t* data = nb::cast<CellArray>(diagram).data();
    EcaRing ring = eca_initial_ring(width, init);
    SignalWatch watch;
    {
        nb::gil_scoped_release released;
        b->load(ring);
        expand_rows(ring.words().data(), 0, width, 1, data);
        for (std::int64_t g = 1; g <= steps && !watch.stopped(); ++g) {
            b->step(1);
            b->read(ring);
            expand_rows(ring.words().data(), 0, width, 1, data + std::size_t(g) * width);
        }
    }
    watch.finish();
    return nb::cast<CellArray>(diagram);
}

}  // namespace

void bind_eca(nb::module_& m) {
    m.def(
        "eca",
        [](nb::handle rule, std::int64_t width, std::int64_t steps, const std::string& init,
           const std::string& backend, int threads) {
            if (nb::isinstance<nb::str>(rule))
                return eca(parse_eca_rule(nb::cast<std::string>(rule)), width, steps, init, backend,
                           threads);
            long long number = -1;
            if (nb::isinstance<nb::bool_>(rule) || !nb::try_cast(rule, number))
                throw InputError("rule must be a Wolfram number 0..255 (an int or its text)");
            if (number < 0 || number > 255)
                throw InputError("rule " + std::to_string(number) +
                                 " is out of range: expected a Wolfram number 0..255");
            return eca(int(number), width, steps, init, backend, threads);
        },
        nb::arg("rule"), nb::arg("width") = 80, nb::arg("steps") = 40, nb::arg("init") = "center",
        nb::arg("backend") = "auto", nb::arg("threads") = 0,
        R"(The space-time diagram of an elementary (1-D) rule on a ring of `width`
cells, as `toroid eca RULE --width W --steps N --init SPEC` computes it: a
uint8 array of shape (steps + 1, width), generation t in row t.

init: "center", "left", "right", "random:SEED" or a string of 0/1.

>>> d = eca(90, width=5, steps=2)
>>> d.tolist()
[[0, 0, 1, 0, 0], [0, 1, 0, 1, 0], [1, 0, 0, 0, 1]])");
    m.def(
        "eca_rule", [](const std::string& formula) { return eca_rule_from_formula(formula); },
        nb::arg("formula"),
        R"(The Wolfram number of a Boolean or modular formula in x (left), y (the
cell) and z (right), as `toroid eca --formula` computes it.

>>> eca_rule("x ^ y ^ z")
150)");
}

}  // namespace toroid::python
