#include "toroid/frontend/start_options.hpp"

#include "toroid/core/generation_count.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/io/pattern_torus.hpp"

namespace toroid::frontend {

void add_start_options(CLI::App& cmd, StartOptions& o) {
    cmd.add_option("--rule", o.rule,
                   "Rule, e.g. B3/S23, B2/S34H, B2(1/3)/S12H, isotropic B2-a/S12 or B3/S23-q, "
                   "B2o3m/S2pH, MAP<base64> (default: the pattern's, else B3/S23)");
    cmd.add_option(
        "--size", o.size,
        "Torus size WIDTHxHEIGHT (default: the rule's :Tw,h, else room for the pattern)");
    add_number_option(cmd, "--soup", o.soup,
                      "Fill the torus with a random soup of this density (0..1)");
    cmd.add_option("--pattern", o.pattern,
                   "Pattern file (.rle, .cells, .lif, .mc, each maybe .gz) or library name "
                   "(acorn, glider, ...), "
                   "placed at the centre");
    RunOptionsSpec spec;
    spec.backend_help = "cpu, cuda, hashlife or auto";
    spec.memory = true;
    add_run_options(cmd, o.run, spec);
}

StartState resolve_start(const StartOptions& o, bool require_input, std::uint64_t generations,
                         std::optional<Size> default_size) {
    if (o.soup && !o.pattern.empty())
        throw InputError("give either --soup DENSITY or --pattern FILE, not both");
    if (require_input && !o.soup && o.pattern.empty())
        throw InputError("nothing to run: give --soup DENSITY (with --seed S) or --pattern FILE");

    StartState st;
    if (!o.pattern.empty()) st.pattern = find_pattern(o.pattern, /*allow_tree=*/true);
    const Pattern* pattern = st.pattern ? &st.pattern->pattern : nullptr;

    TorusRequest request;
    if (o.rule) request.rule = Rule::parse(*o.rule);
    if (!o.size.empty()) {
        const Size s = parse_size(o.size, "--size");
        request.size = TorusSize{s.width, s.height};
    } else if (!pattern && default_size && !(request.rule && request.rule->torus())) {
        request.size = TorusSize{default_size->width, default_size->height};
    }
    request.generations = generations;
    const TorusChoice choice = choose_torus(pattern, request);
    st.rule = choice.rule;
    st.size = {choice.width, choice.height};
    st.note = choice.note;
    return st;
}

Grid start_grid(const StartState& st, const StartOptions& o) {
    if (st.pattern) return place_pattern(st.pattern->pattern, st.size.width, st.size.height);
    Grid grid(st.size.width, st.size.height);
    // Named rules (WireWorld, loops) get every state in their soups.
    if (o.soup && st.rule.named())
        fill_state_soup(grid, *o.soup, st.rule.states(), o.run.seed);
    else if (o.soup)
        fill_soup(grid, *o.soup, o.run.seed);
    return grid;
}

std::unique_ptr<Backend> start_backend(const StartState& st, const StartOptions& o) {
    auto backend =
        make_backend(o.run.backend, st.rule, o.run.threads, o.run.seed, true, o.run.memory_mib);
    const std::int64_t width = st.size.width, height = st.size.height;
    if (st.pattern && st.pattern->pattern.tree) {  // a whole torus too large for a Grid
        const TorusSize t = st.pattern->pattern.rule->torus().value();
        if (t.width != width || t.height != height)
            throw InputError(st.pattern->path + " holds a whole " + std::to_string(t.width) + "x" +
                             std::to_string(t.height) + " torus: it runs on that size only");
        backend->check_fits(width, height, 0);
        // Such a file is a saved run (--out x.mc): it continues from its #G.
        const std::string& g = st.pattern->pattern.generation;
        backend->load_macrocell(
            *st.pattern->pattern.tree, width, height,
            g.empty() ? 0 : parse_generation_count(g, st.pattern->path + ": #G"));
    } else if (st.pattern) {
        const Pattern& p = st.pattern->pattern;
        const Placement at = pattern_placement(p, width, height);  // refuses a pattern too large
        backend->check_fits(width, height, 0);
        backend->reset(width, height);
        backend->write_region(p.cells, at.x, at.y);
    } else {
        backend->check_fits(width, height, 1);
        backend->load(start_grid(st, o));
    }
    return backend;
}

}  // namespace toroid::frontend
