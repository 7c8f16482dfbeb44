// Torus and rule for a run (contract in toroid/io/pattern_torus.hpp).
#include "toroid/io/pattern_torus.hpp"

#include <algorithm>
#include <bit>

#include "toroid/error.hpp"

namespace toroid {
namespace {

constexpr std::int64_t kMaxSide = std::int64_t(1) << 40;

std::string size_text(std::int64_t w, std::int64_t h) {
    return std::to_string(w) + " x " + std::to_string(h);
}

std::string suffix_text(const TorusSize& t) {
    return ":T" + std::to_string(t.width) + "," + std::to_string(t.height);
}

// Room along a tube's open side: the extent plus two light-speed fronts, in
// whole words.
std::int64_t open_side(std::int64_t extent, std::uint64_t generations) {
    const std::uint64_t gens = std::min<std::uint64_t>(generations, std::uint64_t(kMaxSide));
    const std::int64_t need = extent + 2 * std::int64_t(gens) + 2;
    return std::min(kMaxSide, std::max<std::int64_t>(64, (need + 63) / 64 * 64));
}

std::int64_t rounded_up(std::int64_t n) {
    return std::max<std::int64_t>(64, std::int64_t(std::bit_ceil(std::uint64_t(n))));
}

}  // namespace

TorusChoice choose_torus(const Pattern* pattern, const TorusRequest& request) {
    TorusChoice c;
    if (pattern && pattern->refused_rule) {
        if (!request.rule)
            throw InputError(*pattern->refused_rule +
                             "; to run this file's two-state cells on a plain torus anyway, give "
                             "--rule (e.g. --rule B3/S23) and --size WIDTHxHEIGHT");
        if (!request.size && !(request.rule->torus() && !request.rule->torus()->tube()))
            throw InputError("the file's rule '" + pattern->rule_text +
                             "' is replaced by --rule, but its grid size goes with it: give "
                             "--size WIDTHxHEIGHT too");
    }
    const Rule rule =
        request.rule ? *request.rule : (pattern && pattern->rule ? *pattern->rule : Rule());
    c.rule = rule.with_torus(std::nullopt);
    std::optional<TorusSize> t = rule.torus();
    if (!t && pattern && pattern->rule) t = pattern->rule->torus();
    const std::int64_t pw = pattern ? pattern->cells.width() : 0;
    const std::int64_t ph = pattern ? pattern->cells.height() : 0;

    if (t && t->tube()) {
        const bool open_width = t->width == 0;
        const std::string what = "the tube " + suffix_text(*t) + " (unbounded " +
                                 (open_width ? "width" : "height") + ")";
        if (request.size) {
            c.width = open_width ? request.size->width : t->width;
            c.height = open_width ? t->height : request.size->height;
            const std::int64_t asked = open_width ? request.size->height : request.size->width;
            const std::int64_t kept = open_width ? t->height : t->width;
            if (asked != kept)
                c.note = what + " keeps its " + (open_width ? "height " : "width ") +
                         std::to_string(kept) +
                         "; --size gives the unbounded side only: " + size_text(c.width, c.height) +
                         " torus";
            return c;
        }
        if (!pattern) throw InputError(what + " leaves one side open: give --size WIDTHxHEIGHT");
        const std::int64_t open = open_side(open_width ? pw : ph, request.generations);
        c.width = open_width ? open : t->width;
        c.height = open_width ? t->height : open;
        c.note = what + " runs on a " + size_text(c.width, c.height) +
                 " torus: room for the pattern and " + std::to_string(request.generations) +
                 " generations at light speed on each side, so the result equals the tube's "
                 "(give --size to choose)";
        return c;
    }
    if (request.size) {
        c.width = request.size->width;
        c.height = request.size->height;
        return c;
    }
    if (t) {
        c.width = t->width;
        c.height = t->height;
        return c;
    }
    if (!pattern)
        throw InputError("no torus size: give --size WIDTHxHEIGHT (or a rule with a :Tw,h suffix)");
    c.width = rounded_up(pw);
    c.height = rounded_up(ph);
    c.note = "no torus size given: the pattern's " + size_text(pw, ph) + " box rounded up to a " +
             size_text(c.width, c.height) + " torus (give --size to choose)";
    return c;
}

std::string describe_topology(const Pattern& p) {
    if (p.refused_rule) {
        const std::size_t colon = p.rule_text.find(':');
        return colon == std::string::npos
                   ? "none given (the rule itself is not simulated)"
                   : "Golly's '" + p.rule_text.substr(colon) +
                         "', not simulated (toroid runs plain tori and tubes)";
    }
    if (!p.rule || !p.rule->torus()) return "none given (an unbounded plane in Golly)";
    const TorusSize t = *p.rule->torus();
    if (t.width == 0)
        return "tube " + suffix_text(t) + ": unbounded width, height " + std::to_string(t.height) +
               " wraps";
    if (t.height == 0)
        return "tube " + suffix_text(t) + ": unbounded height, width " + std::to_string(t.width) +
               " wraps";
    return "torus " + size_text(t.width, t.height) + " (" + suffix_text(t) + ")";
}

}  // namespace toroid
