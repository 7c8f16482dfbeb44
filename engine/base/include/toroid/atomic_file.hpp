// Atomic file writes: a target is never left half-written.
//
// The data goes to a temporary file in the target's folder (so the rename
// cannot cross file systems), is flushed to disk (fsync), then renamed over
// the target; the folder is fsynced so the rename itself survives a crash.
// On any failure the temporary file is removed, the target is untouched, and
// a std::runtime_error names the path and the operating system's reason.
// Every file toroid writes for keeps (patterns, checkpoints of runs and of
// games, reports) goes through here.
#pragma once

#include <string>
#include <string_view>

namespace toroid {

void write_file_atomic(const std::string& path, std::string_view data);

}  // namespace toroid
