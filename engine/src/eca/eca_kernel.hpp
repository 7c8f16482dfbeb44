// Private to the engine: the ECA block kernels, one per instruction set.
//
// Each advances a scratch buffer `gens` generations, ping-ponging between
// `a` (holding the input) and `b`; the result is in `a` when gens is even,
// in `b` when odd. Both buffers hold n_pad + 10 words: index 0 and n_pad + 1
// are zero sentinels (never written), words 1..n_pad are updated, the last 8
// are read (as part of a vector load) but never used; n_pad is a multiple of
// 8 words (the widest vector).
#pragma once

#include <cstddef>
#include <cstdint>

namespace toroid::detail {

using EcaBlockKernel = void (*)(std::uint64_t* a, std::uint64_t* b, std::size_t n_pad, int gens,
                                unsigned rule);

void eca_block_portable(std::uint64_t* a, std::uint64_t* b, std::size_t n_pad, int gens,
                        unsigned rule);
// Defined (non-null behaviour) only on x86-64; call only when the CPU supports them.
void eca_block_avx2(std::uint64_t* a, std::uint64_t* b, std::size_t n_pad, int gens, unsigned rule);
void eca_block_avx512(std::uint64_t* a, std::uint64_t* b, std::size_t n_pad, int gens,
                      unsigned rule);

}  // namespace toroid::detail
