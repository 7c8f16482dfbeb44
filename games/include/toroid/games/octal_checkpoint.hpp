// Checkpoints of long octal runs (`toroid grundy octal --checkpoint FILE`,
// `--resume FILE`): the values g(0..n) of one code, so that a run stopped by
// Ctrl-C, a crash or the time budget continues where it was.
//
// Format, version 2: a text header line "toroid-octal-checkpoint 2 CODE N\n",
// then N + 1 values as little-endian uint32, then the FNV-1a 64 checksum
// (toroid/fnv1a.hpp) of everything before it as a little-endian uint64.
// Written atomically (toroid/atomic_file.hpp: a temporary file renamed over
// the target), so an interrupted write never leaves a truncated checkpoint.
//
// Reading verifies before anything is used or allocated by size: the header
// (magic, version, the code asked for, N <= kMaxCheckpointHeaps), the exact
// length the header implies, the checksum (one edited byte is refused: it
// once gave a multi-GB allocation or a silently different result), and
// each value against what the game allows: g(0) = 0 and g(n) <= both the
// number of moves from a heap of n (a mex of that many values) and 2^b for
// the b bits of the largest g before it (xors of smaller values stay below
// 2^b). Version 1 files (the same without the checksum, written before it
// existed) are still read, with every check but the checksum; newer
// versions are refused as written by a newer toroid. Every refusal is an
// InputError naming the file and what is wrong.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace toroid::games {

// The largest N a checkpoint may hold: the largest --upto of an octal game.
inline constexpr std::uint64_t kMaxCheckpointHeaps = 100'000'000;

void write_octal_checkpoint(const std::string& path, const std::string& code,
                            std::span<const std::uint32_t> g);
// Throws InputError naming the file when it is missing, malformed,
// truncated, damaged, for another code, or holds values the game cannot have.
std::vector<std::uint32_t> read_octal_checkpoint(const std::string& path, const std::string& code);

}  // namespace toroid::games
