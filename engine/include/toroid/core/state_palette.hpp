// The colours a rule's cell states are drawn in (the viewer, Backend::render).
//
// Two-state rules have none: their cells are drawn in the view's live and
// dead colours (RenderPalette). Rules of more than two states get Golly's
// default colours, state_rule.hpp's default_state_colours(): states 1.. a
// gradient from red to yellow (Brian's Brain: firing red, refractory
// yellow). Entry 0 is left to the view's dead colour, the background the
// viewer draws empty space and grid lines against (Golly's state 0 is black;
// the viewer's dead colour is near black). Named rules (any state count)
// bring their own, StateRule::colours() (a rule file's @COLORS over Golly's
// defaults). The one place to choose a rule's colours.
#pragma once

#include <cstdint>
#include <vector>

#include "toroid/core/render_request.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

// RGBA8 colours (render_request.hpp's rgba) of states 0..states()-1, entry 0
// the palette's dead colour; empty for two-state rules that are not named.
std::vector<std::uint32_t> state_palette(const Rule& rule, const RenderPalette& palette);

}  // namespace toroid
