#include "toroid/games/octal_checkpoint.hpp"

#include <bit>
#include <sstream>
#include <stdexcept>

#include "toroid/atomic_file.hpp"
#include "toroid/error.hpp"
#include "toroid/fnv1a.hpp"
#include "toroid/games/octal.hpp"
#include "toroid/input_file.hpp"

namespace toroid::games {

namespace {

constexpr const char* kMagic = "toroid-octal-checkpoint";
constexpr int kVersion = 2;

std::uint64_t little_endian(const std::string& bytes, std::size_t at, int size) {
    std::uint64_t v = 0;
    for (int i = 0; i < size; ++i)
        v |= std::uint64_t(static_cast<unsigned char>(bytes[at + std::size_t(i)])) << (8 * i);
    return v;
}

// How many moves a heap of n has in `game`: the mex of their values is at most that.
std::uint64_t move_count(const OctalGame& game, std::uint64_t n) {
    std::uint64_t moves = 0;
    for (std::uint64_t k = 0; k <= game.max_take() && k <= n; ++k) {
        const unsigned d = game.digit(std::size_t(k));
        if ((d & 1) && n == k) ++moves;
        if ((d & 2) && n > k) ++moves;
        if ((d & 4) && n - k >= 2) moves += (n - k) / 2;
    }
    return moves;
}

}  // namespace

void write_octal_checkpoint(const std::string& path, const std::string& code,
                            std::span<const std::uint32_t> g) {
    if (g.empty()) return;
    std::string bytes = std::string(kMagic) + " " + std::to_string(kVersion) + " " + code + " " +
                        std::to_string(g.size() - 1) + "\n";
    bytes.reserve(bytes.size() + 4 * g.size() + 8);
    for (const auto v : g)
        for (int i = 0; i < 4; ++i) bytes += static_cast<char>((v >> (8 * i)) & 0xff);
    const std::uint64_t sum = fnv1a64(bytes);
    for (int i = 0; i < 8; ++i) bytes += static_cast<char>((sum >> (8 * i)) & 0xff);
    try {
        write_file_atomic(path, bytes);
    } catch (const std::runtime_error& e) {
        throw InputError(std::string("checkpoint file: ") + e.what());
    }
}

std::vector<std::uint32_t> read_octal_checkpoint(const std::string& path, const std::string& code) {
    const std::string name = "checkpoint file '" + path + "'";
    const std::string bytes = read_input_file(path);
    const std::size_t eol = bytes.find('\n');
    const std::string expected_header =
        std::string("(expected a first line '") + kMagic + " 2 CODE N')";
    if (eol == std::string::npos || eol > 200)
        throw InputError(name + " is not a toroid octal checkpoint " + expected_header);
    std::istringstream h(bytes.substr(0, eol));
    std::string magic, file_code, rest;
    int version = 0;
    std::uint64_t n = 0;
    if (!(h >> magic >> version >> file_code >> n) || magic != kMagic || (h >> rest))
        throw InputError(name + " is not a toroid octal checkpoint " + expected_header);
    if (version < 1 || version > kVersion)
        throw InputError(name + " is of version " + std::to_string(version) +
                         ", written by a newer toroid: this one reads versions 1 and 2");
    if (file_code != code)
        throw InputError(name + " holds octal game " + file_code + ", not " + code);
    if (n > kMaxCheckpointHeaps)
        throw InputError(name + ": N " + std::to_string(n) + " is beyond the largest --upto (" +
                         std::to_string(kMaxCheckpointHeaps) + ")");
    const std::size_t values_at = eol + 1;
    const std::size_t length = values_at + 4 * std::size_t(n + 1) + (version >= 2 ? 8 : 0);
    if (bytes.size() != length)
        throw InputError(name + " is " + (bytes.size() < length ? "truncated" : "too long") + ": " +
                         std::to_string(bytes.size()) + " bytes where its header (" +
                         std::to_string(n + 1) + " values, version " + std::to_string(version) +
                         ") implies " + std::to_string(length));
    if (version >= 2) {
        const std::uint64_t stored = little_endian(bytes, length - 8, 8);
        if (fnv1a64(std::string_view(bytes).substr(0, length - 8)) != stored)
            throw InputError(name +
                             " is damaged: its checksum does not match its contents (edited or "
                             "corrupted); delete it and start again without --resume");
    }
    const OctalGame game = OctalGame::parse(code);
    std::vector<std::uint32_t> g(std::size_t(n + 1));
    std::uint32_t largest = 0;
    for (std::size_t m = 0; m <= n; ++m) {
        const std::uint32_t v = std::uint32_t(little_endian(bytes, values_at + 4 * m, 4));
        // mex of the moves' values: at most their number, and below 2^b when
        // every earlier value (hence every xor of two) is below 2^b.
        const std::uint64_t by_moves = move_count(game, m);
        const std::uint64_t by_bits = std::uint64_t(1) << std::bit_width(largest);
        const std::uint64_t bound = std::min(by_moves, by_bits);
        if (v > bound)
            throw InputError(name + ": g(" + std::to_string(m) + ") = " + std::to_string(v) +
                             " is impossible for octal game " + code + " (at most " +
                             std::to_string(bound) + ": " +
                             (by_moves <= by_bits
                                  ? "a heap of " + std::to_string(m) + " has " +
                                        std::to_string(by_moves) + " moves"
                                  : "every earlier value is below " + std::to_string(by_bits)) +
                             "); the file is not a checkpoint of this game");
        g[m] = v;
        largest = std::max(largest, v);
    }
    return g;
}

}  // namespace toroid::games
