// Resumable JSON-lines result files (toroid/io/json_lines_file.hpp).
#include "toroid/io/json_lines_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "toroid/error.hpp"

namespace toroid {

JsonLinesExtent for_each_json_line(
    std::string_view text, const std::string& name, const std::string& what_line,
    const std::function<void(const nlohmann::json&, std::uint64_t)>& each) {
    JsonLinesExtent e;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) {  // a partial last line: the run was killed mid-write
            e.dropped_bytes = text.size() - pos;
            break;
        }
        ++e.lines;
        const std::string where = name + ":" + std::to_string(e.lines) + ": ";
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(text.substr(pos, end - pos));
        } catch (const nlohmann::json::exception& ex) {
            throw InputError(where + "not a " + what_line + " (" + ex.what() + ")");
        }
        try {
            each(j, e.lines);
        } catch (const InputError& ex) {
            throw InputError(where + ex.what());
        }
        pos = end + 1;
        e.valid_bytes = pos;
    }
    return e;
}

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
