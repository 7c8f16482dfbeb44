// TableJit: a table rule's multiplexer tree (core/table_tree.hpp) as
// AVX-512 machine code made for that one table, for the tile kernel's
// TableTreeStep (random MAP rules).
//
// The tree as C++ reads each leaf's function at a run-time index: per 512
// cells, 128 byte reads, 128 vector reads and 128 shifts beside its ~140
// gates, about 670 instructions. Written out for one table, each leaf is a
// vpternlogq whose immediate is the table's byte (the leaf's function of
// the last three cells of the tree) and each multiplexer one vpternlogq;
// subtrees whose bytes are equal are computed once and constant leaves cost
// a gate. No read but the nine input vectors. vpternlogq overwrites its
// first operand, so a plain leaf is a copy of an input and a gate; the
// writer tracks every register's value (a truth table over the 512 blocks)
// and makes a leaf with one gate on a register a multiplexer has finished
// with whenever the leaf is a function of that value and two inputs or live
// values, and skips a multiplexer's second half when the node is a function
// of its first half and two such operands. Of 16 orders of the cells (which
// three are the leaves', which select), the shortest code is kept: on
// random tables about 143 instructions, 22 of them copies (the plain tree:
// 191, 64 copies).
//
// Contract (not a C function: call_table_code() below calls it): the nine
// cells of the block (range1_table.hpp's order) in zmm16..zmm24, left
// unchanged; the next state returned in zmm0; zmm0..zmm9 clobbered, no
// other register, no memory, no stack but the return address. So the
// caller keeps its own state in the other vector registers across the
// call, where a C call would spill all of them (every vector register is
// caller-saved). Made only on x86-64 when the CPU has AVX-512F; make() returns
// null otherwise, or when the system refuses executable memory, and the
// kernel keeps the C++ tree. The code is written into fresh pages, then
// made read-and-execute (never writable and executable at once), and
// unmapped when the last owner goes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "toroid/core/table_tree.hpp"

namespace toroid::detail {

// The work registers the code may clobber: zmm0 .. zmm(kWorkRegisters - 1).
inline constexpr int kWorkRegisters = 10;

class TableJit {
  public:
    ~TableJit();
    TableJit(const TableJit&) = delete;
    TableJit& operator=(const TableJit&) = delete;

    // The code for `tree`, or null (see above).
    static std::shared_ptr<const TableJit> make(const TableTree& tree);

    const void* entry() const { return code_; }
    // The code on one vector of blocks: block[k] holds cell k of 512
    // blocks (eight words), out their next states (tests).
    void evaluate(const std::uint64_t (&block)[9][8], std::uint64_t (&out)[8]) const;
    std::size_t size() const { return size_; }
    // Register copies in the code: one per leaf that no dead register
    // could make (tests; see table_jit.cpp's TreeWriter).
    int copies() const { return copies_; }
    // Vector instructions in the code (copies and vpternlogq; tests).
    int instructions() const { return instructions_; }

  private:
    TableJit(void* code, std::size_t size, int copies, int instructions)
        : code_(code), size_(size), copies_(copies), instructions_(instructions) {}
    void* code_;
    std::size_t size_;
    int copies_;
    int instructions_;
};

// A 512-bit register by number, as each compiler names it for a local
// register variable and a clobber: GCC knows only the xmm names (for the
// whole register), clang wants the zmm names for 512-bit values.
#if defined(__clang__)
#define TOROID_ZMM(n) "zmm" #n
#else
#define TOROID_ZMM(n) "xmm" #n
#endif

#if defined(__x86_64__) && defined(__AVX512F__)
// Calls `code` on the nine 512-bit vectors `in` (GCC vector types of 64
// bytes) in the contract's registers, below the caller's red zone.
template <class Vec>
inline __attribute__((always_inline)) Vec call_table_code(const void* code, const Vec (&in)[9]) {
    static_assert(sizeof(Vec) == 64 && kWorkRegisters == 10);
    register Vec c0 asm(TOROID_ZMM(16)) = in[0];
    register Vec c1 asm(TOROID_ZMM(17)) = in[1];
    register Vec c2 asm(TOROID_ZMM(18)) = in[2];
    register Vec c3 asm(TOROID_ZMM(19)) = in[3];
    register Vec c4 asm(TOROID_ZMM(20)) = in[4];
    register Vec c5 asm(TOROID_ZMM(21)) = in[5];
    register Vec c6 asm(TOROID_ZMM(22)) = in[6];
    register Vec c7 asm(TOROID_ZMM(23)) = in[7];
    register Vec c8 asm(TOROID_ZMM(24)) = in[8];
    register Vec out asm(TOROID_ZMM(0));
    asm volatile("sub $128, %%rsp\n\tcall *%[code]\n\tadd $128, %%rsp"
                 : "=v"(out)
                 : [code] "r"(code), "v"(c0), "v"(c1), "v"(c2), "v"(c3), "v"(c4), "v"(c5), "v"(c6),
                   "v"(c7), "v"(c8)
                 : TOROID_ZMM(1), TOROID_ZMM(2), TOROID_ZMM(3), TOROID_ZMM(4), TOROID_ZMM(5),
                   TOROID_ZMM(6), TOROID_ZMM(7), TOROID_ZMM(8), TOROID_ZMM(9));
    return out;
}
#endif

}  // namespace toroid::detail
