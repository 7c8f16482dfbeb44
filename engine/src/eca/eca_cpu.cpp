#include "toroid/eca/eca_cpu.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "eca_kernel.hpp"
#include "toroid/cpu_features.hpp"
#include "toroid/eca/eca_rule.hpp"
#include "toroid/eca/eca_update.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

bool cpu_has(EcaCpuKernel kernel) {
    switch (kernel) {
        case EcaCpuKernel::Auto:
        case EcaCpuKernel::Portable:
            return true;
#if defined(TOROID_ECA_X86)
        case EcaCpuKernel::Avx2:
            return cpu_supports(InstructionSet::Avx2);
        case EcaCpuKernel::Avx512:
            return cpu_supports(InstructionSet::Avx512);
#else
        case EcaCpuKernel::Avx2:
        case EcaCpuKernel::Avx512:
            return false;
#endif
    }
    return false;
}

EcaCpuKernel resolve(EcaCpuKernel kernel) {
    if (kernel != EcaCpuKernel::Auto) return kernel;
    const InstructionSet best = best_instruction_set();  // capped by TOROID_CPU_ISA
    if (best == InstructionSet::Avx512 && cpu_has(EcaCpuKernel::Avx512))
        return EcaCpuKernel::Avx512;
    if (best >= InstructionSet::Avx2 && cpu_has(EcaCpuKernel::Avx2)) return EcaCpuKernel::Avx2;
    return EcaCpuKernel::Portable;
}

detail::EcaBlockKernel kernel_function(EcaCpuKernel kernel) {
    switch (resolve(kernel)) {
        case EcaCpuKernel::Avx512:
            return detail::eca_block_avx512;
        case EcaCpuKernel::Avx2:
            return detail::eca_block_avx2;
        default:
            return detail::eca_block_portable;
    }
}

ThreadPool& shared_pool() {
    static ThreadPool pool;
    return pool;
}

// Scratch buffers of one worker thread, reused across blocks and calls.
struct Scratch {
    std::vector<std::uint64_t> a, b;
};

// One block: words [first, first + count) of `src` advanced `gens` generations into `dst`.
void run_block(const std::uint64_t* src, std::uint64_t* dst, std::int64_t width,
               std::int64_t total_words, std::int64_t first, std::int64_t count, int gens,
               unsigned rule, detail::EcaBlockKernel fn) {
    thread_local Scratch scratch;
    const std::int64_t n = count + 2;  // halo word, block, halo word
    const std::size_t n_pad = static_cast<std::size_t>((n + 7) / 8 * 8);
    if (scratch.a.size() < n_pad + 10) {
        scratch.a.assign(n_pad + 10, 0);
        scratch.b.assign(n_pad + 10, 0);
    }
    std::uint64_t* a = scratch.a.data();
    std::uint64_t* b = scratch.b.data();
    // a[1 + j] holds the 64 cells starting at cell 64 * (first - 1 + j), around the ring.
    const bool whole_last = width % 64 == 0;
    for (std::int64_t j = 0; j < n; ++j) {
        const std::int64_t w = first - 1 + j;
        if (w >= 0 && (w < total_words - 1 || (whole_last && w == total_words - 1)))
            a[1 + j] = src[w];
        else
            a[1 + j] = eca_extract64(src, width, w * 64);
    }
    std::fill(a + 1 + n, a + n_pad + 10, 0);
    a[0] = b[0] = 0;
    std::fill(b + n_pad + 1, b + n_pad + 10, 0);
    fn(a, b, n_pad, gens, rule);
    const std::uint64_t* result = (gens & 1) ? b : a;
    std::copy(result + 2, result + 2 + count, dst + first);
    if (first + count == total_words && !whole_last)
        dst[total_words - 1] &= (std::uint64_t{1} << (width % 64)) - 1;
}

}  // namespace

bool eca_cpu_kernel_available(EcaCpuKernel kernel) {
    return cpu_has(kernel);
}

const char* eca_cpu_kernel_name(EcaCpuKernel kernel) {
    switch (resolve(kernel)) {
        case EcaCpuKernel::Avx512:
            return "avx512";
        case EcaCpuKernel::Avx2:
            return "avx2";
        default:
            return "portable";
    }
}

void eca_step(EcaRing& ring, int rule, std::int64_t steps, const EcaCpuOptions& options) {
    check_eca_step(rule, steps);
    if (options.block_words < 1 || options.generations_per_pass < 1 ||
        options.generations_per_pass > 64)
        throw InputError("EcaCpuOptions: block_words must be >= 1 and generations_per_pass 1..64");
    if (!cpu_has(options.kernel))
        throw InputError(std::string("the ") + eca_cpu_kernel_name(options.kernel) +
                         " ECA kernel is not supported by this CPU");
    if (steps == 0 || ring.width() == 0) return;
    const detail::EcaBlockKernel fn = kernel_function(options.kernel);
    ThreadPool& pool = options.pool ? *options.pool : shared_pool();
    const std::int64_t total = ring.word_count();
    const std::int64_t block = options.block_words;
    const std::int64_t blocks = (total + block - 1) / block;
    std::vector<std::uint64_t> other(static_cast<std::size_t>(total));
    std::uint64_t* src = ring.words().data();
    std::uint64_t* dst = other.data();
    const std::int64_t width = ring.width();
    while (steps > 0) {
        const int gens =
            static_cast<int>(std::min<std::int64_t>(steps, options.generations_per_pass));
        pool.run(static_cast<std::size_t>(blocks), [&](std::size_t i) {
            const std::int64_t first = static_cast<std::int64_t>(i) * block;
            run_block(src, dst, width, total, first, std::min(block, total - first), gens,
                      static_cast<unsigned>(rule), fn);
        });
        std::swap(src, dst);
        steps -= gens;
    }
    if (src != ring.words().data()) std::copy(src, src + total, ring.words().data());
}

}  // namespace toroid
