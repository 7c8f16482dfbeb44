// TableJit: a table rule's multiplexer tree (core/table_tree.hpp) as
// AVX-512 machine code made for that one table, for the tile kernel's
// TableTreeStep (random MAP rules).
//
// The tree as C++ reads each leaf's function at a run-time index: per 512
// cells, 128 byte reads, 128 vector reads and 128 shifts beside its ~140
// gates, about 670 instructions. Written out for one table, each leaf is a
// vpternlogq whose immediate is the table's byte (the leaf's function of
// cells 6, 7 and 8) and each multiplexer one vpternlogq; subtrees whose
// bytes are equal are computed once and constant leaves cost a gate. No
// read but the nine input vectors: about 130 gates and 70 register copies.
//
// Contract: fn(block) returns, in zmm0, the next state of the cells of the
// nine vectors block[0..8] (range1_table.hpp's order; 64-byte aligned not
// required); System V calling convention, no stack, clobbers only vector
// registers. Made only on x86-64 when the CPU has AVX-512F; make() returns
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

  private:
    TableJit(void* code, std::size_t size) : code_(code), size_(size) {}
    void* code_;
    std::size_t size_;
};

}  // namespace toroid::detail
