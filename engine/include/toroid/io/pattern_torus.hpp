// Which torus a pattern runs on, and under which rule: the user's --rule and
// --size first, then what the file says, then a size with room.
//
//   rule   --rule, else the file's rule, else B3/S23. A file whose rule was
//          refused (Pattern::refused_rule: Klein bottle, multi-state ...) is
//          an InputError unless --rule replaces it; --size (or a :Tw,h in
//          --rule) must come too, since the file's own grid is not a torus.
//   size   --size; else the rule's :Tw,h (--rule's, else the file's).
//          A tube (:T0,h or :Tw,0) keeps its bounded side; the unbounded side
//          takes --size's, else room for the run: the pattern's extent plus
//          two light-speed fronts (2 x generations + 2 cells), so nothing can
//          reach around the seam and the torus gives the tube's result
//          exactly for that many generations.
//          No size anywhere: the pattern's own extent, each side rounded up to
//          a power of two (at least 64).
//   note   says how the size was chosen whenever the user did not give it
//          outright (tube's open side, rounded-up box, --size's bounded side
//          overridden by a tube); empty otherwise. Front ends print it.
//
// Soups (pattern == nullptr) need --size or a rule with a full :Tw,h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "toroid/core/rule.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {

struct TorusRequest {
    std::optional<Rule> rule;       // --rule
    std::optional<TorusSize> size;  // --size (both sides >= 1)
    std::uint64_t generations = 0;  // how far the run goes (room for a tube's open side)
};

struct TorusChoice {
    Rule rule;  // without a torus suffix
    std::int64_t width = 0, height = 0;
    std::string note;
};

TorusChoice choose_torus(const Pattern* pattern, const TorusRequest& request);

// "torus 640 x 480", "tube 0 x 128 (unbounded width)", "none (Golly's
// unbounded plane)", or the refused grid's suffix: for `toroid info`.
std::string describe_topology(const Pattern& p);

}  // namespace toroid
