// Checkpoint files: a whole run's state (core/checkpoint.hpp) in one
// versioned binary file.
//
// Holds the torus, the rule, the stochastic seed, the generation counter and
// a free-form metadata string (analysers put what they need to resume, e.g.
// the pattern's name and their own counters). The file ends with a checksum
// over everything before it; a damaged, truncated or foreign file is refused
// with an InputError that says what is wrong. Writing is atomic: a temporary
// file in the same folder, flushed, then renamed over the target.
//
// File layout (version 2), every integer little-endian:
//   "TOROIDCP"                     8 bytes magic
//   version                        u32 (2; version 1 files, which lack the
//                                  rule digest, are still read)
//   width, height                  i64, i64 (>= 1)
//   rule                           u32 length + bytes, Rule::to_string()
//   rule digest                    u64, version 2 only: a named rule's
//                                  StateRule::digest(), 0 for other rules. A
//                                  named rule is found again by name on
//                                  resume; a rule file edited since the
//                                  checkpoint gives another digest, and the
//                                  checkpoint is refused rather than resumed
//                                  under a different rule.
//   seed, generation               u64, u64
//   metadata                       u64 length + bytes
//   word count                     u64 (= height * words_per_row)
//   words                          u64 each, canonical layout (grid.hpp)
//   counter planes                 rules of more than 2 states only: the Grid's
//                                  ceil(log2(states - 1)) state planes, word
//                                  count words each (old files are unchanged)
//   checksum                       u64 FNV-1a 64 over every byte before it
// A reader refuses a newer version with a message naming both versions.
#pragma once

#include <cstdint>
#include <string>

#include "toroid/core/checkpoint.hpp"

namespace toroid {

inline constexpr std::uint32_t kCheckpointVersion = 2;

void save_checkpoint(const std::string& path, const Checkpoint& cp);
Checkpoint load_checkpoint(const std::string& path);

}  // namespace toroid
