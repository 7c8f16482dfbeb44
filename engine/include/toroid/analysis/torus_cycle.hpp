// When does a whole torus become periodic, and with what period?
//
// A torus is finite, so its states are eventually periodic: there are a
// first generation mu (the torus lifespan: the state at mu recurs) and a
// least period lambda with state(t + lambda) == state(t) exactly for every
// t >= mu and for no t < mu. Unlike a methuselah on the plane, gliders
// cannot escape: they wrap around and crash, and their debris counts.
//
// The search runs on any Backend through its saved states (save_state /
// same_state / restore_state, core/backend.hpp), so every comparison is
// exact: on hashlife a saved state is one node and equal states are the same
// node (hash-consing), so comparing costs nothing; elsewhere the grid is
// compared after its hash.
//   1. Brent's cycle search on the states every `stride` generations,
//      x_i = state(g0 + i * stride): a repeat after lambda' strides. Equal
//      sampled states are equal states, so the tortoise's generation T is
//      at least mu, and lambda' = lambda / gcd(lambda, stride).
//   2. lambda is the least lambda' * d, d a power of two dividing the stride
//      (the stride is a power of two), with state(T + lambda' * d) ==
//      state(T).
//   3. mu is the least t in [g0, T] with state(t) == state(t + lambda)
//      (true from mu on, false before): binary lifting from g0, each probe
//      one step of 2^j generations from the last state known not to be
//      periodic, plus a step of lambda. HashLife steps 2^j generations at
//      once, so the whole search costs about (mu + lambda) / stride steps
//      plus 2 * 64 more; a backend that steps one generation at a time (cpu)
//      pays about mu + 64 * lambda generations for it.
// The stride should be a large power of two for hashlife (the torus's half
// side is its natural step) and 1 elsewhere.
#pragma once

#include <cstdint>
#include <functional>

#include "toroid/core/backend.hpp"

namespace toroid {

struct TorusCycleOptions {
    // Give up when the search would pass the start generation plus this.
    std::uint64_t max_generations = 1000000;
    std::uint64_t stride = 1;  // a power of two
    // Called with the generation reached in phase 1, about every stride;
    // returning false stops the search (TorusCycle::interrupted).
    std::function<bool(std::uint64_t generation)> progress;
};

struct TorusCycle {
    bool found = false;
    bool interrupted = false;
    std::uint64_t start = 0;        // mu, an absolute generation (>= the backend's at the call)
    std::uint64_t period = 0;       // lambda
    std::uint64_t searched_to = 0;  // the furthest generation the search reached
};

// Found: the backend is left at generation `start` (the first periodic
// state). Not found or interrupted: at the furthest generation reached.
TorusCycle find_torus_cycle(Backend& backend, const TorusCycleOptions& options);

}  // namespace toroid
