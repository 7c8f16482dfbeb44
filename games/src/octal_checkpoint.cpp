#include "toroid/games/octal_checkpoint.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "toroid/atomic_file.hpp"
#include "toroid/error.hpp"

namespace toroid::games {

namespace {
constexpr const char* kMagic = "toroid-octal-checkpoint";
}

void write_octal_checkpoint(const std::string& path, const std::string& code,
                            std::span<const std::uint32_t> g) {
    if (g.empty()) return;
    std::string bytes =
        std::string(kMagic) + " 1 " + code + " " + std::to_string(g.size() - 1) + "\n";
    bytes.reserve(bytes.size() + 4 * g.size());
    for (const auto v : g)
        for (int i = 0; i < 4; ++i) bytes += static_cast<char>((v >> (8 * i)) & 0xff);
    try {
        write_file_atomic(path, bytes);
    } catch (const std::runtime_error& e) {
        throw InputError(std::string("checkpoint file: ") + e.what());
    }
}

std::vector<std::uint32_t> read_octal_checkpoint(const std::string& path, const std::string& code) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot open checkpoint file '" + path + "'");
    std::string header;
    std::getline(in, header);
    std::istringstream h(header);
    std::string magic, file_code;
    int version = 0;
    std::uint64_t n = 0;
    if (!(h >> magic >> version >> file_code >> n) || magic != kMagic || version != 1)
        throw InputError("checkpoint file '" + path +
                         "' is not a toroid octal checkpoint (expected a first line '" + kMagic +
                         " 1 CODE N')");
    if (file_code != code)
        throw InputError("checkpoint file '" + path + "' holds octal game " + file_code + ", not " +
                         code);
    if (n > 100'000'000)
        throw InputError("checkpoint file '" + path + "': N " + std::to_string(n) +
                         " is too large");
    std::vector<std::uint32_t> g(n + 1);
    for (auto& v : g) {
        unsigned char b[4];
        if (!in.read(reinterpret_cast<char*>(b), 4))
            throw InputError("checkpoint file '" + path + "' is truncated (expected " +
                             std::to_string(n + 1) + " values)");
        v = b[0] | (std::uint32_t{b[1]} << 8) | (std::uint32_t{b[2]} << 16) |
            (std::uint32_t{b[3]} << 24);
    }
    return g;
}

}  // namespace toroid::games
