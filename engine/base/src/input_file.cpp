#include "toroid/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "toroid/error.hpp"
#include "toroid/memory.hpp"

namespace toroid {
namespace {

std::string os_reason(int err) {
    return std::strerror(err);
}

// Closes a descriptor on scope exit unless it is standard input.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd > 0) ::close(fd);
    }
};

const char* kind_of(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    return "not a regular file";
}

[[noreturn]] void too_large(const std::string& path, double bytes) {
    throw InputError(input_name(path) + " is larger than " + std::to_string(kMaxInputBytes >> 30) +
                     " GiB (" + std::to_string(static_cast<unsigned long long>(bytes)) +
                     " bytes or more): not an input toroid reads (pattern, rule, sweep and "
                     "checkpoint files are far smaller)");
}

}  // namespace

std::string input_name(const std::string& path) {
    return path == "-" ? std::string("standard input") : "'" + path + "'";
}

std::string read_input_file(const std::string& path) {
    Fd f;
    struct stat st {};
    if (path == "-") {
        f.fd = 0;
        if (::isatty(0))
            throw InputError(
                "'-' reads standard input, but standard input is a terminal: pipe or redirect "
                "a file into it (e.g. < pattern.rle), or give the file's name");
        if (::fstat(0, &st) != 0)
            throw InputError("cannot read standard input: " + os_reason(errno));
    } else {
        // O_NONBLOCK: opening a FIFO that has no writer must not wait.
        f.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (f.fd < 0) throw InputError("cannot open '" + path + "': " + os_reason(errno));
        if (::fstat(f.fd, &st) != 0)
            throw InputError("cannot read '" + path + "': " + os_reason(errno));
        if (S_ISDIR(st.st_mode))
            throw InputError("cannot read '" + path + "': " + os_reason(EISDIR));
        if (!S_ISREG(st.st_mode))
            throw InputError("cannot read '" + path + "': it is " + kind_of(st.st_mode) +
                             ", not a regular file (to read a pipe, give '-' and redirect it "
                             "to standard input)");
        const int flags = ::fcntl(f.fd, F_GETFL);
        if (flags >= 0) ::fcntl(f.fd, F_SETFL, flags & ~O_NONBLOCK);
        if (std::uint64_t(st.st_size) > kMaxInputBytes) too_large(path, double(st.st_size));
        check_host_memory({double(st.st_size), "reading " + input_name(path), "the file's bytes",
                           "free some memory"});
    }
    std::string data;
    if (S_ISREG(st.st_mode) && st.st_size > 0) data.reserve(std::size_t(st.st_size));
    std::vector<char> buf(1 << 16);
    for (;;) {
        const ssize_t n = ::read(f.fd, buf.data(), buf.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            throw InputError("cannot read " + input_name(path) + ": " + os_reason(errno));
        }
        if (n == 0) break;
        data.append(buf.data(), static_cast<std::size_t>(n));
        if (data.size() > kMaxInputBytes) too_large(path, double(data.size()));
        if ((data.size() & ((std::size_t(1) << 26) - 1)) < std::size_t(n))  // every 64 MiB
            check_host_memory({double(data.size()) * 2, "reading " + input_name(path),
                               "the bytes read so far, twice while the buffer grows",
                               "free some memory"});
    }
    return data;
}

}  // namespace toroid
