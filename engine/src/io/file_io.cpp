#include "toroid/io/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "toroid/error.hpp"

namespace toroid {
namespace {

std::string os_reason(int err) {
    return std::strerror(err);
}

// Closes a descriptor on scope exit unless released.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

std::string read_text_file(const std::string& path) {
    Fd f;
    f.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (f.fd < 0) throw InputError("cannot open '" + path + "': " + os_reason(errno));
    struct stat st {};
    if (::fstat(f.fd, &st) == 0 && S_ISDIR(st.st_mode))
        throw InputError("cannot read '" + path + "': " + os_reason(EISDIR));
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        throw InputError("cannot read '" + path +
                         "': it is a device, not a file (expected a text file)");
    // Text inputs (patterns, graphs, benchmark tables) are small; a cap keeps
    // a device such as /dev/zero or a runaway file from eating all memory.
    constexpr std::size_t kMaxBytes = std::size_t(1) << 30;
    std::string data;
    std::vector<char> buf(1 << 16);
    for (;;) {
        const ssize_t n = ::read(f.fd, buf.data(), buf.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            throw InputError("cannot read '" + path + "': " + os_reason(errno));
        }
        if (n == 0) break;
        data.append(buf.data(), static_cast<std::size_t>(n));
        if (data.size() > kMaxBytes)
            throw InputError("'" + path +
                             "' is larger than 1 GiB: not a text file toroid reads (pattern files "
                             "are far smaller)");
    }
    return data;
}

}  // namespace toroid
