// JsonLinesWriter: the append side of the resumable result files (sweep
// --out, census --out): a header line, then one line per finished piece of
// work, each flushed as it is written so that a killed run loses at most the
// line it was writing.
//
// A resumed run first truncates the file to the bytes its reader accepted
// (a torn last line is dropped there), then appends; a new run starts the
// file with its header. Failures to open or truncate are InputErrors naming
// the file (`what` says what it holds: "sweep results", "the census");
// a failed write is a runtime_error, never a silently short file.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace toroid {

class JsonLinesWriter {
  public:
    // resume: keep the file's first keep_bytes and append; otherwise write
    // `header_line` (without its newline) to a new file.
    JsonLinesWriter(const std::string& path, const std::string& what,
                    const std::string& header_line, bool resume, std::uint64_t keep_bytes);
    ~JsonLinesWriter();
    JsonLinesWriter(const JsonLinesWriter&) = delete;
    JsonLinesWriter& operator=(const JsonLinesWriter&) = delete;

    // Appends `line` and a newline, flushed.
    void append(const std::string& line);

  private:
    std::string path_;
    std::FILE* file_ = nullptr;
};

}  // namespace toroid
