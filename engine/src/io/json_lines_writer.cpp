// The append side of resumable result files (toroid/io/json_lines_writer.hpp).
#include "toroid/io/json_lines_writer.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "toroid/error.hpp"

namespace toroid {

JsonLinesWriter::JsonLinesWriter(const std::string& path, const std::string& what,
                                 const std::string& header_line, bool resume,
                                 std::uint64_t keep_bytes)
    : path_(path) {
    if (resume) {
        std::error_code ec;
        std::filesystem::resize_file(path, keep_bytes, ec);
        if (ec) throw InputError("cannot truncate " + path + " to resume it: " + ec.message());
        file_ = std::fopen(path.c_str(), "ab");
    } else {
        file_ = std::fopen(path.c_str(), "wb");
    }
    if (!file_)
        throw InputError("cannot write " + what + " to " + path + ": " + std::strerror(errno));
    if (!resume) append(header_line);
}

JsonLinesWriter::~JsonLinesWriter() {
    if (file_) std::fclose(file_);
}

void JsonLinesWriter::append(const std::string& line) {
    const std::string text = line + "\n";
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0)
        throw std::runtime_error("writing " + path_ + " failed: " + std::strerror(errno));
}

}  // namespace toroid
