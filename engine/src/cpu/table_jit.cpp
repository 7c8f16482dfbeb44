// The table tree as AVX-512 code (table_jit.hpp).
#include "table_jit.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
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
    int instructions = 0;

    // vmovdqa64 zmm(dst), zmm(src)
    void copy(int dst, int src) {
        ++instructions;
        evex(1, /*66*/ 1, dst, 0, src);
        code.push_back(0x6F);
        modrm_reg(dst, src);
    }
    // zmm(dst) = f(zmm(dst), zmm(b), zmm(c)), f's truth table `imm`, bit (4 dst + 2 b + c)
    void ternlog(int dst, int b, int c, std::uint8_t imm) {
        ++instructions;
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

constexpr int kInput = 16;   // cell k of the block arrives in zmm(16 + k)
constexpr int kOrders = 16;  // orders of the cells tried per table

// A register's value as a truth table over the 512 blocks (block i at bit
// i: the table's own order, cell 0 its highest index bit, cell 8 its lowest).
struct Truth {
    std::uint64_t w[8] = {};
    bool operator==(const Truth&) const = default;
};

Truth cell_truth(int k) {
    Truth t;
    for (int i = 0; i < 512; ++i)
        if ((i >> (8 - k)) & 1) t.w[i / 64] |= std::uint64_t(1) << (i % 64);
    return t;
}

// The immediate of ternlog(d, b, c) that equals `target`, if any: every
// block with the same three inputs must want the same output.
bool ternlog_immediate(const Truth& d, const Truth& b, const Truth& c, const Truth& target,
                       std::uint8_t& imm) {
    imm = 0;
    for (int k = 0; k < 8; ++k) {
        bool ones = false, zeros = false;
        for (int i = 0; i < 8; ++i) {
            const std::uint64_t m = ((k & 4) ? d.w[i] : ~d.w[i]) & ((k & 2) ? b.w[i] : ~b.w[i]) &
                                    ((k & 1) ? c.w[i] : ~c.w[i]);
            ones |= (m & target.w[i]) != 0;
            zeros |= (m & ~target.w[i]) != 0;
        }
        if (ones && zeros) return false;
        if (ones) imm = std::uint8_t(imm | (1 << k));
    }
    return true;
}

// Writes the tree depth first, one vpternlogq per multiplexer. A leaf (a
// function of cells 6..8) wants a register of its own, and vpternlogq
// overwrites its first operand, so the plain leaf is a copy of cell 6 and
// a vpternlogq. But a register that a multiplexer has finished with still
// holds a known function (its truth table is tracked): when the leaf is a
// function of that value and two of the inputs or live values, one
// vpternlogq on the dead register makes it, and the copy goes.
struct TreeWriter {
    Emitter& e;
    std::uint8_t bytes[64];  // the table in the order of `cell`
    int cell[9];             // the cell at each depth of the tree (6..8: the leaves')
    Truth input[9];          // the value of depth k's cell
    Truth value[kWorkRegisters];
    bool known[kWorkRegisters] = {};  // a free register's value is value[r]
    bool live[kWorkRegisters] = {};
    bool exhausted = false;
    int copies = 0;

    int take() {
        for (int r = kWorkRegisters - 1; r >= 0; --r)  // unknown ones first
            if (!live[r] && !known[r]) return live[r] = true, r;
        for (int r = kWorkRegisters - 1; r >= 0; --r)
            if (!live[r]) return live[r] = true, r;
        exhausted = true;  // cannot happen for a tree of depth 6 (8 live at most)
        return 0;
    }
    void release(int r) { live[r] = false, known[r] = true; }

    // Overwrites register d (known value, not an operand) with `target`
    // when `target` is a function of d and two inputs or live values.
    bool rewrite(int d, const Truth& target) {
        int ops[9 + kWorkRegisters];
        const Truth* truth[9 + kWorkRegisters];
        int n = 0;
        for (int k = 0; k < 9; ++k) ops[n] = kInput + cell[k], truth[n++] = &input[k];
        for (int r = 0; r < kWorkRegisters; ++r)
            if (live[r] && r != d) ops[n] = r, truth[n++] = &value[r];
        for (int x = 0; x < n; ++x)
            for (int y = x + 1; y < n; ++y) {
                std::uint8_t imm;
                if (!ternlog_immediate(value[d], *truth[x], *truth[y], target, imm)) continue;
                e.ternlog(d, ops[x], ops[y], imm);
                value[d] = target;
                return true;
            }
        return false;
    }

    // The leaf from a dead register and two operands, or -1.
    int leaf_from_dead(const Truth& target) {
        for (int d = 0; d < kWorkRegisters; ++d) {
            if (live[d] || !known[d]) continue;
            if (rewrite(d, target)) return live[d] = true, d;
        }
        return -1;
    }

    // Node `j` of depth `level` (cells 0..level-1 given by j), its value in
    // a work register (table_tree.hpp's tree_node).
    int node(int level, int j) {
        const int leaves = 1 << (6 - level);
        if (level == 6) {
            const std::uint8_t b = bytes[j];
            Truth target;
            for (int i = 0; i < 512; ++i)
                if ((b >> (i & 7)) & 1) target.w[i / 64] |= std::uint64_t(1) << (i % 64);
            if (b != 0x00 && b != 0xFF) {
                const int r = leaf_from_dead(target);
                if (r >= 0) return r;
            }
            const int r = take();
            if (b != 0x00 && b != 0xFF) e.copy(r, kInput + cell[6]), ++copies;
            e.ternlog(r, kInput + cell[7], kInput + cell[8], b);  // constants ignore the inputs
            value[r] = target;
            return r;
        }
        const int lo = j * 2, hi = j * 2 + 1;
        const int span = leaves / 2;
        if (std::memcmp(bytes + lo * span, bytes + hi * span, std::size_t(span)) == 0)
            return node(level + 1, lo);
        const int a = node(level + 1, lo);
        // The node as a function of its first half and two operands: its
        // second half is never made.
        Truth target;
        for (int i = 0; i < 512; ++i) {
            const int k = (j << (9 - level)) | (i & ((512 >> level) - 1));
            if ((bytes[k >> 3] >> (k & 7)) & 1) target.w[i / 64] |= std::uint64_t(1) << (i % 64);
        }
        if (rewrite(a, target)) return a;
        const int b = node(level + 1, hi);
        e.ternlog(a, b, kInput + cell[level], 0xD8);  // cell ? b : a
        for (int i = 0; i < 8; ++i)
            value[a].w[i] =
                (input[level].w[i] & value[b].w[i]) | (~input[level].w[i] & value[a].w[i]);
        release(b);
        return a;
    }
};

}  // namespace
#endif

std::shared_ptr<const TableJit> TableJit::make(const TableTree& tree) {
#ifdef TOROID_TABLE_JIT
    if (!cpu_supports(InstructionSet::Avx512)) return nullptr;
    // The table's bytes: cell k at bit 8 - k of a block's index.
    std::uint8_t table[64];
    for (int j = 0; j < 64; ++j) table[j] = std::uint8_t(tree.lo[j] | (tree.hi[j] << 4));
    // The tree in several orders of the cells (the first the table's own,
    // the others drawn by a fixed generator, so a table always gets the same
    // code): the shortest code wins. What a dead register can make, and
    // which subtrees repeat, depends on the order.
    std::mt19937 draw(1);
    Emitter e;
    int copies = 0;
    for (int order = 0; order < kOrders; ++order) {
        Emitter candidate;
        TreeWriter w{candidate, {}, {}, {}, {}};
        for (int k = 0; k < 9; ++k) w.cell[k] = k;
        if (order > 0) std::shuffle(w.cell, w.cell + 9, draw);
        for (int i = 0; i < 512; ++i) {  // block i of the tree's order
            int t = 0;
            for (int k = 0; k < 9; ++k) t |= ((i >> (8 - k)) & 1) << (8 - w.cell[k]);
            if ((table[t >> 3] >> (t & 7)) & 1) w.bytes[i >> 3] |= std::uint8_t(1 << (i & 7));
        }
        for (int k = 0; k < 9; ++k) w.input[k] = cell_truth(k);
        const int out = w.node(0, 0);
        if (w.exhausted) continue;
        if (out != 0) candidate.copy(0, out);
        candidate.ret();
        if (e.code.empty() || candidate.instructions < e.instructions)
            e = std::move(candidate), copies = w.copies;
    }
    if (e.code.empty()) return nullptr;

    const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
    const std::size_t size = (e.code.size() + page - 1) / page * page;
    void* mem = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) return nullptr;
    std::memcpy(mem, e.code.data(), e.code.size());
    if (mprotect(mem, size, PROT_READ | PROT_EXEC) != 0) {
        munmap(mem, size);
        return nullptr;
    }
    return std::shared_ptr<const TableJit>(new TableJit(mem, size, copies, e.instructions));
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
