#include "toroid/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "toroid/error.hpp"

namespace toroid {
namespace {

std::string folder_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

}  // namespace

void check_output_file(const std::string& path, const std::string& option) {
    if (path.empty()) throw InputError(option + " is empty: expected a file name");
    const std::string head = option + " '" + path + "' cannot be written: ";
    if (path.back() == '/') throw InputError(head + "it names a folder, expected a file name");
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) throw InputError(head + "it is a folder, expected a file name");
        if (!S_ISREG(st.st_mode))
            throw InputError(head + "it is " +
                             (S_ISFIFO(st.st_mode)   ? std::string("a FIFO (named pipe)")
                              : S_ISSOCK(st.st_mode) ? std::string("a socket")
                                                     : std::string("a device")) +
                             ", not a regular file (toroid writes a file and renames it into "
                             "place, which would replace it)");
        const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);  // no O_TRUNC
        if (fd < 0) throw InputError(head + std::strerror(errno));
        ::close(fd);
    }
    const std::string folder = folder_of(path);
    struct stat fst {};
    if (::stat(folder.c_str(), &fst) != 0)
        throw InputError(head + "folder '" + folder + "' " +
                         (errno == ENOENT ? std::string("does not exist") : std::strerror(errno)));
    if (!S_ISDIR(fst.st_mode)) throw InputError(head + "'" + folder + "' is not a folder");
    // What write_file_atomic will do first: a temporary file beside the target.
    const std::string pattern = path + ".tmp.XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());
    if (fd < 0)
        throw InputError(head + "cannot create a file in folder '" + folder +
                         "': " + std::strerror(errno));
    ::close(fd);
    ::unlink(name.data());
}

}  // namespace toroid
