// The resumable result files of sweep --out and census --out: JSON lines, a
// header line, then one line per finished piece of work, each flushed as it
// is written, so that a killed run loses at most the line it was writing.
//
// Reading (for_each_json_line): every complete line parsed as JSON and
// handed on with its number; a partial last line (the run was killed
// mid-write) is not read but measured, so that a resumed run truncates the
// file to the complete lines. Errors, the caller's included, are prefixed
// with "name:line: ".
//
// Writing (JsonLinesWriter): a resumed run first truncates the file to the
// bytes its reader accepted, then appends; a new run starts the file with
// its header. Failures to open or truncate are InputErrors naming
// the file (`what` says what it holds: "sweep results", "the census");
// a failed write is a runtime_error, never a silently short file.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace toroid {

struct JsonLinesExtent {
    std::uint64_t lines = 0;          // complete lines read
    std::uint64_t valid_bytes = 0;    // their length, newlines included
    std::uint64_t dropped_bytes = 0;  // a partial last line
};

// Calls each(json, line_number) for every complete line of `text` (numbers
// from 1). A line that is not JSON is an InputError "name:n: not a <what
// line> (...)"; an InputError thrown by `each` gets the same prefix.
JsonLinesExtent for_each_json_line(
    std::string_view text, const std::string& name, const std::string& what_line,
    const std::function<void(const nlohmann::json&, std::uint64_t)>& each);

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
