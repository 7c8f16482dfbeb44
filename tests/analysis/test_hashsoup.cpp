// SHA-256 against FIPS 180-4's vectors and Python's hashlib at the padding
// boundaries; hashsoup against python-lifelib's hashsoup, bit for bit, for
// every symmetry (data written by scripts/hashsoup_reference.py).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "toroid/core/hashsoup.hpp"
#include "toroid/core/md5.hpp"
#include "toroid/core/sha256.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

std::string hex(const Sha256Digest& d) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    for (auto b : d) {
        s += digits[b >> 4];
        s += digits[b & 15];
    }
    return s;
}

TEST(Sha256, StandardVectors) {
    EXPECT_EQ(hex(sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(hex(sha256("abc")),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(hex(sha256(std::string(1000000, 'a'))),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PaddingBoundaries) {
    const std::pair<int, const char*> cases[] = {
        {55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"},
        {56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"},
        {63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"},
        {64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"},
        {65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"},
        {119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"},
        {120, "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98"}};
    for (auto [n, want] : cases)
        EXPECT_EQ(hex(sha256(std::string(std::size_t(n), 'x'))), want) << n;
}

TEST(Md5, Rfc1321VectorsAndBoundaries) {
    EXPECT_EQ(md5_hex(""), "d41d8cd98f00b204e9800998ecf8427e");
    EXPECT_EQ(md5_hex("a"), "0cc175b9c0f1b6a831c399e269772661");
    EXPECT_EQ(md5_hex("abc"), "900150983cd24fb0d6963f7d28e17f72");
    EXPECT_EQ(md5_hex("message digest"), "f96b697d7cb7938d525a2f31aaf161d0");
    EXPECT_EQ(md5_hex("k_abcdefghijkl"), "5590bed1027e74009d3bee32ab60bd02");  // hashlib
    EXPECT_EQ(md5_hex(std::string(55, 'x')), "04364420e25c512fd958a70738aa8f72");
    EXPECT_EQ(md5_hex(std::string(56, 'x')), "668a72d5ba17f08e62dabcafad6db14b");
    EXPECT_EQ(md5_hex(std::string(64, 'x')), "c1bb4f81d892b2d57947682aeb252456");
}

// The soup's live cells as the reference writes them: cropped to their
// bounding box, rows of hex digits, the leftmost cell the high bit.
std::string bitmap_text(const Grid& g, std::int64_t& x0, std::int64_t& y0) {
    const Rect b = g.bounding_box();
    x0 = b.x;
    y0 = b.y;
    std::string out;
    const std::int64_t digits = (b.width + 3) / 4;
    for (std::int64_t y = b.y; y < b.y + b.height; ++y) {
        if (y > b.y) out += '/';
        for (std::int64_t d = 0; d < digits; ++d) {
            int v = 0;
            for (int k = 0; k < 4; ++k) {
                const std::int64_t x = b.x + 4 * d + k;
                v = v << 1 | int(x < b.x + b.width && g.get(x, y));
            }
            out += "0123456789abcdef"[v];
        }
    }
    return out;
}

TEST(Hashsoup, MatchesLifelibForEverySymmetry) {
    std::ifstream in(std::string(TOROID_SOURCE_DIR) +
                     "/tests/analysis/data/hashsoup_reference.txt");
    ASSERT_TRUE(in) << "missing hashsoup_reference.txt";
    std::string line;
    std::map<std::string, int> per_symmetry;
    int checked = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream f(line);
        std::string sym, seed, rows;
        std::int64_t x0, y0, w, h;
        f >> sym >> seed >> x0 >> y0 >> w >> h >> rows;
        ASSERT_TRUE(f) << line;
        const HashSoup s = hashsoup(seed, sym);
        std::int64_t bx, by;
        EXPECT_EQ(bitmap_text(s.cells, bx, by), rows) << sym << " " << seed;
        // Where the live cells lie in lifelib's coordinates.
        EXPECT_EQ(s.x0 + bx, x0) << sym << " " << seed;
        EXPECT_EQ(s.y0 + by, y0) << sym << " " << seed;
        ++per_symmetry[sym];
        ++checked;
    }
    EXPECT_GE(checked, 300);
    for (const auto& name : hashsoup_symmetries()) EXPECT_GE(per_symmetry[name], 10) << name;
}

TEST(Hashsoup, FramesAndErrors) {
    EXPECT_EQ(hashsoup("k_abcdefghijkl0", "C1").cells.width(), 16);
    EXPECT_EQ(hashsoup("k_abcdefghijkl0", "C2_1").cells.width(), 31);
    EXPECT_EQ(hashsoup("k_abcdefghijkl0", "D8_4").cells.height(), 32);
    EXPECT_EQ(hashsoup("k_abcdefghijkl0", "1x256").cells.width(), 256);
    EXPECT_EQ(hashsoup("k_abcdefghijkl0", "8x32").cells.height(), 8);
    EXPECT_THROW(hashsoup("k_abc", "C3"), InputError);
    EXPECT_EQ(soup_seed_text("k_abcdefghijkl", 123), "k_abcdefghijkl123");
}

}  // namespace
}  // namespace toroid
