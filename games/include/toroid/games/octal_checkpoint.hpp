// Checkpoints of long octal runs (`toroid grundy octal --checkpoint FILE`,
// `--resume FILE`): the values g(0..n) of one code, so that a run stopped by
// Ctrl-C, a crash or the time budget continues where it was.
//
// Format: a text header line "toroid-octal-checkpoint 1 CODE N\n" followed by
// N + 1 values as little-endian uint32. Written to FILE.tmp and renamed, so
// an interrupted write never leaves a truncated checkpoint behind.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace toroid::games {

void write_octal_checkpoint(const std::string& path, const std::string& code,
                            std::span<const std::uint32_t> g);
// Throws InputError naming the file when it is missing, malformed, truncated
// or for another code.
std::vector<std::uint32_t> read_octal_checkpoint(const std::string& path, const std::string& code);

}  // namespace toroid::games
