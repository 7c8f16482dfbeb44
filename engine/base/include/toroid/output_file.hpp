// Output paths, checked before the work that fills them.
//
// A sweep, a run or an octal game may take hours; finding only at the end
// that its --csv, --plot, --out, --checkpoint or --output file cannot be
// written loses all of it. So every command that writes files checks each
// path it was given with check_output_file() before it starts, and an
// unwritable one is an InputError (`error: ...`, exit 2) that names the
// option, the path and the reason.
//
// The check does what the write will do, without leaving anything behind:
// it creates (and removes) a temporary file beside the target, exactly as
// write_file_atomic (atomic_file.hpp) will, so permissions, read-only file
// systems, missing folders, full quotas on inodes and paths through a file
// are found whoever runs it (access() would pass everything for root). An
// existing target must be a regular file that can be opened for writing
// (not truncated): a folder, a FIFO or a device is refused, since the
// atomic write would replace it by a file (/dev/null renamed over!).
#pragma once

#include <string>

namespace toroid {

// `option` names where the path came from ("--csv"); InputError when the
// file could not be written now.
void check_output_file(const std::string& path, const std::string& option);

}  // namespace toroid
