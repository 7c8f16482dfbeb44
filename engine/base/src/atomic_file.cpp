#include "toroid/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

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

std::string folder_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

}  // namespace

void write_file_atomic(const std::string& path, std::string_view data) {
    if (path.empty()) throw std::runtime_error("cannot write a file with an empty name");
    std::string tmp = path + ".tmp.XXXXXX";
    std::vector<char> name(tmp.begin(), tmp.end());
    name.push_back('\0');
    Fd f;
    f.fd = ::mkstemp(name.data());
    if (f.fd < 0)
        throw std::runtime_error("cannot write '" + path +
                                 "': cannot create a temporary file in '" + folder_of(path) +
                                 "': " + os_reason(errno));
    tmp.assign(name.data());
    auto fail = [&](const std::string& what, int err) {
        ::unlink(tmp.c_str());
        throw std::runtime_error("cannot write '" + path + "': " + what + ": " + os_reason(err));
    };
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(f.fd, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("write failed", errno);
        }
        done += static_cast<std::size_t>(n);
    }
    ::fchmod(f.fd, 0644);
    if (::fsync(f.fd) != 0) fail("fsync failed", errno);
    const int fd = f.fd;
    f.fd = -1;
    if (::close(fd) != 0) fail("close failed", errno);
    if (::rename(tmp.c_str(), path.c_str()) != 0) fail("rename failed", errno);
    Fd dir;
    dir.fd = ::open(folder_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir.fd >= 0) ::fsync(dir.fd);  // best effort: the data itself is already safe
}

}  // namespace toroid
