#include "start_options.hpp"

#include "toroid/core/soup.hpp"
#include "toroid/error.hpp"

namespace toroid::cli {

void add_start_options(CLI::App& cmd, StartOptions& o) {
    cmd.add_option(
        "--rule", o.rule,
        "Rule, e.g. B3/S23, B2/S34H, B2(1/3)/S12H (default: the pattern's, else B3/S23)");
    cmd.add_option("--size", o.size, "Torus size WIDTHxHEIGHT (default: the rule's :Tw,h)");
    cmd.add_option("--soup", o.soup, "Fill the torus with a random soup of this density (0..1)");
    cmd.add_option("--seed", o.seed, "Seed of the soup and of stochastic rules")
        ->capture_default_str();
    cmd.add_option("--pattern", o.pattern,
                   "Pattern file (.rle, .cells, .lif) or library name (acorn, glider, ...), "
                   "placed at the centre");
    cmd.add_option("--backend", o.backend, "cpu, cuda or auto")->capture_default_str();
    cmd.add_option("--threads", o.threads, "CPU threads (0 = all cores)")->capture_default_str();
}

StartState resolve_start(const StartOptions& o, bool require_input,
                         std::optional<Size> default_size) {
    if (o.soup && !o.pattern.empty())
        throw InputError("give either --soup DENSITY or --pattern FILE, not both");
    if (require_input && !o.soup && o.pattern.empty())
        throw InputError("nothing to run: give --soup DENSITY (with --seed S) or --pattern FILE");

    StartState st;
    if (!o.pattern.empty()) st.pattern = find_pattern(o.pattern);
    const Pattern* pattern = st.pattern ? &st.pattern->pattern : nullptr;

    Rule rule =
        o.rule ? Rule::parse(*o.rule) : (pattern && pattern->rule ? *pattern->rule : Rule());
    if (!o.size.empty()) {
        st.size = parse_size(o.size, "--size");
    } else if (rule.torus()) {
        st.size = {rule.torus()->width, rule.torus()->height};
    } else if (pattern && pattern->rule && pattern->rule->torus()) {
        st.size = {pattern->rule->torus()->width, pattern->rule->torus()->height};
    } else if (default_size) {
        st.size = *default_size;
    } else {
        throw InputError("no torus size: give --size WIDTHxHEIGHT (or a rule with a :Tw,h suffix)");
    }
    st.rule = rule.with_torus(std::nullopt);

    st.grid = Grid(st.size.width, st.size.height);
    if (pattern)
        st.grid = place_pattern(*pattern, st.size.width, st.size.height);
    else if (o.soup)
        fill_soup(st.grid, *o.soup, o.seed);
    return st;
}

}  // namespace toroid::cli
