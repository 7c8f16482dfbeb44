// toroid.Pattern and toroid.identify: patterns from files, the library, text
// or arrays, and what they are.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "arrays.hpp"
#include "bindings.hpp"
#include "picture.hpp"
#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/methuselah_soups.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/pattern_lookup.hpp"

namespace toroid::python {

namespace {

// The rule a pattern runs under: the caller's, else the file's, else B3/S23;
// a file whose rule toroid refused needs the caller's (as the commands say).
Rule pattern_rule(const PyPattern& p, const std::optional<std::string>& rule) {
    if (rule) return Rule::parse(*rule).with_torus(std::nullopt);
    if (p.pattern.refused_rule)
        throw InputError(p.name + ": " + *p.pattern.refused_rule +
                         "; give rule= to run its cells under a rule toroid simulates");
    return p.pattern.rule.value_or(Rule()).with_torus(std::nullopt);
}

// The fields of `toroid identify --json`, flat (toroid.Identification).
nb::dict identification_dict(const PyPattern& p, const Rule& rule, const Identification& id) {
    nb::dict d;
    d["pattern"] = p.name;
    d["rule"] = rule.to_string();
    d["kind"] = id.kind;
    d["period"] = id.period;
    d["dx"] = id.dx;
    d["dy"] = id.dy;
    d["speed"] = id.speed;
    d["settles_at"] = id.settles_at;
    d["population_min"] = id.population_min;
    d["population_max"] = id.population_max;
    d["width"] = id.width;
    d["height"] = id.height;
    d["heat"] = id.heat;
    d["apgcode"] = id.code.empty() ? nb::none() : nb::cast(id.code);
    d["generations"] = id.generations;
    d["bounded_torus"] = id.bounded;
    return d;
}

}  // namespace

PyPattern load_pattern(const std::string& path_or_name) {
    frontend::NamedPattern in = frontend::find_pattern(path_or_name);
    return PyPattern{std::move(in.pattern), in.name};
}

void bind_pattern(nb::module_& m) {
    nb::class_<PyPattern>(m, "Pattern", R"(A pattern: cells, and the rule and name its file gave.

Pattern.load(path_or_name) reads a file (.rle, .cells, .lif, .mc, each maybe
.gz) or a name from the pattern library ("glider", "acorn", ...);
Pattern.parse(text) reads RLE, plaintext, Life 1.06 or macrocell text;
Pattern.from_numpy(a) takes cells a[x, y].

>>> g = Pattern.load("glider")
>>> (g.width, g.height, g.population)
(3, 3, 5))")
        .def_static("load", &load_pattern, nb::arg("path_or_name"),
                    "A pattern file, or a name from the library (as the commands take them).")
        .def_static(
            "parse",
            [](const std::string& text, const std::string& name) {
                Pattern p = parse_pattern(text, "<text>");
                const std::string n = !name.empty() ? name : !p.name.empty() ? p.name : "<text>";
                return PyPattern{std::move(p), n};
            },
            nb::arg("text"), nb::arg("name") = "",
            R"(A pattern from text in any format toroid reads (detected).

>>> Pattern.parse("x = 3, y = 1\n3o!").population
3)")
        .def_static(
            "from_numpy",
            [](nb::handle cells, const std::optional<std::string>& rule, const std::string& name) {
                // The array checks are the ones Torus writes use (toroid/_torus.py).
                const nb::object rows =
                    nb::module_::import_("toroid._results").attr("pattern_rows")(cells);
                PyPattern p{Pattern{}, name.empty() ? "<array>" : name};
                p.pattern.cells = rows_to_grid(nb::cast<RowsIn>(rows));
                if (rule) p.pattern.rule = Rule::parse(*rule).with_torus(std::nullopt);
                p.pattern.name = name;
                return p;
            },
            nb::arg("cells"), nb::arg("rule").none() = nb::none(), nb::arg("name") = "",
            R"(A pattern from cells a[x, y] (bool or integers 0 and 1), under `rule`
(None: B3/S23 wherever one is needed).

>>> Pattern.from_numpy(np.ones((3, 1), np.uint8)).population
3)")
        .def_static(
            "soup",
            [](std::int64_t width, std::int64_t height, double density, std::uint64_t seed,
               std::uint64_t index, std::optional<std::string> rule) {
                MethuselahSoupSearch search;
                search.width = width;
                search.height = height;
                search.density = density;
                search.seed = seed;
                const Rule r = rule ? Rule::parse(*rule) : Rule();
                PyPattern p{Pattern{}, "soup " + std::to_string(index)};
                p.pattern.cells = methuselah_soup_cells(search, r, index);
                if (rule) p.pattern.rule = r;
                return p;
            },
            nb::arg("width"), nb::arg("height"), nb::arg("density") = 0.5, nb::arg("seed") = 1,
            nb::arg("index") = 0, nb::arg("rule").none() = nb::none(),
            R"(Soup `index` of width x height cells, the one `toroid methuselah
--soup WxH --density D --seed S --rule R --first INDEX` analyses and `toroid
sweep` numbers the same way (named "soup INDEX"; rule None: B3/S23).)")
        .def_prop_ro(
            "width", [](const PyPattern& p) { return p.pattern.cells.width(); },
            "Width of the pattern's extent.")
        .def_prop_ro(
            "height", [](const PyPattern& p) { return p.pattern.cells.height(); },
            "Height of the pattern's extent.")
        .def_prop_ro(
            "population", [](const PyPattern& p) { return p.pattern.cells.population(); },
            "Live cells.")
        .def_prop_ro(
            "rule",
            [](const PyPattern& p) -> std::optional<std::string> {
                if (!p.pattern.rule) return std::nullopt;
                return p.pattern.rule->to_string();
            },
            "The file's rule in canonical form (with a :T suffix for a saved torus), or None.")
        .def_prop_ro(
            "name", [](const PyPattern& p) { return p.name; },
            "What results call it: the library name, the file's stem, #N, or '<text>'.")
        .def_prop_ro(
            "comments", [](const PyPattern& p) { return nb::cast(p.pattern.comments); },
            "The file's comment lines.")
        .def(
            "to_numpy", [](const PyPattern& p) { return grid_to_array(p.pattern.cells); },
            "The cells as a new uint8 array a[x, y] of shape (width, height).")
        .def(
            "to_rle",
            [](const PyPattern& p) {
                WriteOptions wo;
                wo.crop = true;
                wo.name = p.pattern.name;
                wo.comments = p.pattern.comments;
                return format_rle(p.pattern.cells, p.pattern.rule, wo);
            },
            "The pattern as RLE text (its bounding box).")
        .def(
            "save",
            [](const PyPattern& p, const std::string& path) {
                WriteOptions wo;
                wo.crop = true;
                wo.name = p.pattern.name;
                wo.comments = p.pattern.comments;
                write_pattern_file(path, p.pattern.cells, p.pattern.rule, wo);
            },
            nb::arg("path"), "Writes the pattern (its bounding box) to a pattern file.")
        .def_prop_ro(
            "apgcode",
            [](const PyPattern& p) -> std::optional<std::string> {
                const Identification id = identify(p.pattern.cells, pattern_rule(p, std::nullopt));
                if (id.code.empty()) return std::nullopt;
                return id.code;
            },
            R"(The apgsearch object code of a still life, oscillator or spaceship
(under the pattern's rule), else None.

>>> Pattern.load("glider").apgcode
'xq4_153')")
        .def(
            "png",
            [](const PyPattern& p, int max_side) {
                const bool hex =
                    p.pattern.rule && p.pattern.rule->neighbourhood() == Neighbourhood::Hexagonal;
                const std::string png = grid_png(p.pattern.cells, hex, max_side);
                return nb::bytes(png.data(), png.size());
            },
            nb::arg("max_side") = 256, "The pattern as PNG bytes (what Jupyter shows).")
        .def("_repr_png_",
             [](const PyPattern& p) {
                 const bool hex =
                     p.pattern.rule && p.pattern.rule->neighbourhood() == Neighbourhood::Hexagonal;
                 const std::string png = grid_png(p.pattern.cells, hex, 256);
                 return nb::bytes(png.data(), png.size());
             })
        .def("__repr__", [](const PyPattern& p) {
            return "<toroid.Pattern '" + p.name + "' " + std::to_string(p.pattern.cells.width()) +
                   "x" + std::to_string(p.pattern.cells.height()) + " population " +
                   std::to_string(p.pattern.cells.population()) + " rule " +
                   (p.pattern.rule ? p.pattern.rule->to_string() : std::string("None")) + ">";
        });

    m.def(
        "_placement",
        [](const PyPattern& p, std::int64_t width, std::int64_t height) {
            const Placement at = pattern_placement(p.pattern, width, height);
            return std::make_pair(at.x, at.y);
        },
        nb::arg("pattern"), nb::arg("width"), nb::arg("height"));
    m.def(
        "_identify",
        [](const PyPattern& p, const std::optional<std::string>& rule, std::uint64_t max_gens,
           std::uint64_t seed) {
            if (max_gens == 0) throw InputError("max_gens=0: expected at least 1 generation");
            const Rule r = pattern_rule(p, rule);
            IdentifyOptions io;
            io.max_generations = max_gens;
            io.seed = seed;
            Identification id;
            {
                nb::gil_scoped_release released;
                id = identify(p.pattern.cells, r, io);
            }
            return identification_dict(p, r, id);
        },
        nb::arg("pattern"), nb::arg("rule").none(), nb::arg("max_gens"), nb::arg("seed"));
}

}  // namespace toroid::python
