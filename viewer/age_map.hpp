// Colour by age: ages of the cells on screen. Only the visible region is
// tracked (cost in proportion to the window, never to the torus): when the
// view moves, ages restart at 1. Between two updates a cell alive at both is
// taken to have lived through every generation in between.
#pragma once

#include "app_state.hpp"

namespace toroid::view {

void refresh_ages(AgeMap& ages, const Backend& backend, const Rect& region);

}  // namespace toroid::view
