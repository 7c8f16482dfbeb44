// The CPU batch backend: small tori advanced several at a time per thread.
//
// Tori whose rules are equal and deterministic are advanced four at a time
// as the lanes of one 256-bit vector (AVX2 when the CPU has it): the row
// words of four tori are interleaved, so every logic operation of
// torus_step.hpp advances four tori. Stochastic rules and leftover tori go
// one at a time through the scalar path. advance() itself runs on the
// calling thread; concurrent_callers() threads may call it at once on
// different batches (the sweep gives each worker its own batch).
#pragma once

#include <memory>

#include "toroid/core/batch_backend.hpp"

namespace toroid {

std::unique_ptr<BatchBackend> make_cpu_batch_backend(const BatchOptions& options);

// One lane group (up to 4 tori with the same deterministic rule) or one
// torus, advanced in place; exposed for the backends' own tests.
void cpu_batch_advance_scalar(TorusBatch& batch, std::size_t torus, std::uint64_t gens,
                              BatchHistory& history);

}  // namespace toroid
