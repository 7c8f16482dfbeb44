// The CPU backend for elementary automata: bit-parallel, SIMD, all cores.
//
// Scheme (temporal blocking with overlapping halos): the ring's words are cut
// into blocks of `block_words`. For each block a worker copies the block plus
// one halo word on each side (64 cells, taken around the ring with
// eca_extract64, so any width >= 1 works, including rings narrower than a
// word) into a cache-resident scratch buffer and advances it up to 64
// generations there with the shared eca_step_word (eca_update.hpp). Errors
// from the unknown cells beyond the halos travel one cell per generation,
// so after at most 64 generations the block itself is still exact; it is
// written to the output ring. Blocks are independent tasks on the
// ThreadPool, so results never depend on the thread count.
//
// The inner loop is compiled three times, with 16-byte (portable), 32-byte
// (AVX2) and 64-byte (AVX-512F) GCC vectors; the widest one the CPU supports
// is chosen at run time (override with EcaCpuOptions::kernel). Within each,
// the loop is instantiated once per rule with the rule as a compile-time
// constant, so the shared multiplexer folds to the rule's own few operations
// (two to three times faster than the generic masks); neighbour words come
// from the neighbouring vectors by in-register shuffles, one load and one
// store per vector.
#pragma once

#include <cstdint>
#include <memory>

#include "toroid/cpu/thread_pool.hpp"
#include "toroid/eca/eca_backend.hpp"
#include "toroid/eca/eca_ring.hpp"

namespace toroid {

enum class EcaCpuKernel { Auto, Portable, Avx2, Avx512 };

struct EcaCpuOptions {
    ThreadPool* pool = nullptr;  // nullptr: a shared pool over all hardware threads
    EcaCpuKernel kernel = EcaCpuKernel::Auto;
    int block_words = 2048;  // words per task (>= 1); 2 scratch buffers of this stay in L1/L2
    int generations_per_pass = 64;  // 1..64
};

bool eca_cpu_kernel_available(EcaCpuKernel kernel);
const char* eca_cpu_kernel_name(EcaCpuKernel kernel);  // Auto: the one chosen on this CPU

// Advances `ring` by `steps` >= 0 generations of Wolfram rule 0..255 (InputError otherwise).
void eca_step(EcaRing& ring, int rule, std::int64_t steps, const EcaCpuOptions& options = {});

// The "cpu" EcaBackend (registered by the engine): eca_step on a ring it
// owns, over its own ThreadPool of options.threads (0: all cores), the
// widest kernel this CPU supports. Holds two rings (state, stepping buffer).
std::unique_ptr<EcaBackend> make_eca_cpu_backend(int rule, const EcaBackendOptions& options = {});

}  // namespace toroid
