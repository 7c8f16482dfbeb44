// The table tree as AVX-512 code (table_jit.hpp).
#include "table_jit.hpp"

#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__x86_64__) && defined(__linux__)
#include <immintrin.h>
#include <sys/mman.h>
#include <unistd.h>
#define TOROID_TABLE_JIT 1
#endif

#include "toroid/cpu_features.hpp"

namespace toroid::detail {

#ifdef TOROID_TABLE_JIT
namespace {

// EVEX-encoded 512-bit instructions on zmm0..zmm31 (Intel SDM vol. 2, 2.7).
class Emitter {
  public:
    std::vector<std::uint8_t> code;

    // vmovdqa64 zmm(dst), zmm(src)
    void copy(int dst, int src) {
        evex(1, /*66*/ 1, dst, 0, src);
        code.push_back(0x6F);
        modrm_reg(dst, src);
    }
    // zmm(dst) = f(zmm(dst), zmm(b), zmm(c)), f's truth table `imm`, bit (4 dst + 2 b + c)
    void ternlog(int dst, int b, int c, std::uint8_t imm) {
        evex(/*map 0F3A*/ 3, 1, dst, b, c);
        code.push_back(0x25);
        modrm_reg(dst, c);
        code.push_back(imm);
    }
    void ret() { code.push_back(0xC3); }

  private:
    // EVEX prefix, W1, 512-bit; `rm` a register (its high bits in B and X)
    // or rdi (0: no high bits).
    void evex(int map, int pp, int reg, int vvvv, int rm) {
        code.push_back(0x62);
        code.push_back(std::uint8_t((((reg >> 3) & 1) ? 0 : 0x80) | (((rm >> 4) & 1) ? 0 : 0x40) |
                                    (((rm >> 3) & 1) ? 0 : 0x20) | (((reg >> 4) & 1) ? 0 : 0x10) |
                                    map));
        code.push_back(std::uint8_t(0x80 | ((~vvvv & 15) << 3) | 0x04 | pp));
        code.push_back(std::uint8_t(0x40 | (((vvvv >> 4) & 1) ? 0 : 0x08)));
    }
    void modrm_reg(int reg, int rm) {
        code.push_back(std::uint8_t(0xC0 | ((reg & 7) << 3) | (rm & 7)));
    }
};

constexpr int kInput = 16;  // cell k of the block arrives in zmm(16 + k)

struct TreeWriter {
    Emitter& e;
    std::uint8_t bytes[64];
    std::vector<int> free;

    bool exhausted = false;

    int take() {
        if (free.empty()) {  // cannot happen for a tree of depth 6 (8 live at most)
            exhausted = true;
            return 0;
        }
        const int r = free.back();
        free.pop_back();
        return r;
    }

    // Node `j` of depth `level` (cells 0..level-1 given by j), its value in
    // a work register (table_tree.hpp's tree_node).
    int node(int level, int j) {
        const int leaves = 1 << (6 - level);
        if (level == 6) {
            const int r = take();
            const std::uint8_t b = bytes[j];
            if (b != 0x00 && b != 0xFF) e.copy(r, kInput + 6);
            e.ternlog(r, kInput + 7, kInput + 8, b);  // constants ignore the inputs
            return r;
        }
        const int lo = j * 2, hi = j * 2 + 1;
        const int span = leaves / 2;
        if (std::memcmp(bytes + lo * span, bytes + hi * span, std::size_t(span)) == 0)
            return node(level + 1, lo);
        const int a = node(level + 1, lo), b = node(level + 1, hi);
        e.ternlog(a, b, kInput + level, 0xD8);  // cell ? b : a
        free.push_back(b);
        return a;
    }
};

}  // namespace
#endif

std::shared_ptr<const TableJit> TableJit::make(const TableTree& tree) {
#ifdef TOROID_TABLE_JIT
    if (!cpu_supports(InstructionSet::Avx512)) return nullptr;
    Emitter e;
    TreeWriter w{e, {}, {}};
    for (int j = 0; j < 64; ++j) w.bytes[j] = std::uint8_t(tree.lo[j] | (tree.hi[j] << 4));
    for (int r = kWorkRegisters - 1; r >= 0; --r) w.free.push_back(r);
    const int out = w.node(0, 0);
    if (w.exhausted) return nullptr;
    if (out != 0) e.copy(0, out);
    e.ret();

    const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
    const std::size_t size = (e.code.size() + page - 1) / page * page;
    void* mem = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) return nullptr;
    std::memcpy(mem, e.code.data(), e.code.size());
    if (mprotect(mem, size, PROT_READ | PROT_EXEC) != 0) {
        munmap(mem, size);
        return nullptr;
    }
    return std::shared_ptr<const TableJit>(new TableJit(mem, size));
#else
    (void)tree;
    return nullptr;
#endif
}

#ifdef TOROID_TABLE_JIT
// The call of the contract (table_jit.hpp's call_table_code, which needs
// the AVX-512 compile flags of the tile kernel; this file has only the
// target attribute).
__attribute__((target("avx512f"))) void TableJit::evaluate(const std::uint64_t (&block)[9][8],
                                                           std::uint64_t (&out)[8]) const {
    register __m512i c0 asm(TOROID_ZMM(16)) = _mm512_loadu_si512(block[0]);
    register __m512i c1 asm(TOROID_ZMM(17)) = _mm512_loadu_si512(block[1]);
    register __m512i c2 asm(TOROID_ZMM(18)) = _mm512_loadu_si512(block[2]);
    register __m512i c3 asm(TOROID_ZMM(19)) = _mm512_loadu_si512(block[3]);
    register __m512i c4 asm(TOROID_ZMM(20)) = _mm512_loadu_si512(block[4]);
    register __m512i c5 asm(TOROID_ZMM(21)) = _mm512_loadu_si512(block[5]);
    register __m512i c6 asm(TOROID_ZMM(22)) = _mm512_loadu_si512(block[6]);
    register __m512i c7 asm(TOROID_ZMM(23)) = _mm512_loadu_si512(block[7]);
    register __m512i c8 asm(TOROID_ZMM(24)) = _mm512_loadu_si512(block[8]);
    register __m512i next asm(TOROID_ZMM(0));
    asm volatile("sub $128, %%rsp\n\tcall *%[code]\n\tadd $128, %%rsp"
                 : "=v"(next)
                 : [code] "r"(code_), "v"(c0), "v"(c1), "v"(c2), "v"(c3), "v"(c4), "v"(c5), "v"(c6),
                   "v"(c7), "v"(c8)
                 : TOROID_ZMM(1), TOROID_ZMM(2), TOROID_ZMM(3), TOROID_ZMM(4), TOROID_ZMM(5),
                   TOROID_ZMM(6), TOROID_ZMM(7), TOROID_ZMM(8), TOROID_ZMM(9));
    _mm512_storeu_si512(out, next);
}
#else
void TableJit::evaluate(const std::uint64_t (&)[9][8], std::uint64_t (&)[8]) const {}
#endif

TableJit::~TableJit() {
#ifdef TOROID_TABLE_JIT
    munmap(code_, size_);
#endif
}

}  // namespace toroid::detail
