// Gzip-compressed pattern files: every format round-trips compressed and not;
// broken streams are clear errors; nothing is written half-way.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "io_test_util.hpp"
#include "reference.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/io/gzip.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

using testing::expect_input_error;
using testing::random_grid;
using testing::TempDir;

std::string bytes_of(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

TEST(Gzip, CompressAndDecompressAreInverse) {
    for (const std::string& text :
         {std::string(), std::string("x = 3, y = 3\nbo$2bo$3o!\n"), std::string(300000, 'o')}) {
        const std::string z = gzip_compress(text);
        EXPECT_TRUE(is_gzip(z));
        EXPECT_EQ(gunzip(z, "t.gz"), text);
    }
    EXPECT_FALSE(is_gzip("x = 3"));
    // Concatenated members read as one text, as gzip(1) does; zero padding ends it.
    const std::string two = gzip_compress("x = 3, y = 1\n") + gzip_compress("3o!\n");
    EXPECT_EQ(gunzip(two, "two.gz"), "x = 3, y = 1\n3o!\n");
    EXPECT_EQ(gunzip(two + std::string(16, '\0'), "pad.gz"), "x = 3, y = 1\n3o!\n");
}

TEST(Gzip, EveryFormatRoundTripsCompressedAndNot) {
    TempDir dir;
    const Grid g = random_grid(90, 41, 0.3, 5);
    const Rect box = g.bounding_box();
    const Rule rule = Rule::parse("B3/S23");
    for (const char* ext : {".rle", ".cells", ".lif", ".mc"}) {
        for (const bool gz : {false, true}) {
            const std::string path = dir.file(std::string("g") + ext + (gz ? ".gz" : ""));
            WriteOptions o;
            o.crop = true;
            write_pattern_file(path, g, rule, o);
            EXPECT_EQ(is_gzip(bytes_of(path)), gz) << path;
            const Pattern p = read_pattern_file(path);
            EXPECT_EQ(p.compressed, gz) << path;
            EXPECT_EQ(p.format, *format_from_extension(path)) << path;
            EXPECT_EQ(p.cells, g.crop(box)) << path;
            // Whole tori too, where the format keeps the torus.
            if (std::string(ext) == ".rle" || std::string(ext) == ".mc") {
                write_pattern_file(path, g, rule, WriteOptions{});
                const Pattern w = read_pattern_file(path);
                EXPECT_TRUE(w.whole_torus) << path;
                EXPECT_EQ(w.cells, g) << path;
            }
        }
    }
}

TEST(Gzip, ContentDecidesNotTheName) {
    TempDir dir;
    // A compressed RLE named .rle (no .gz) and a plain one named .gz both open.
    write_bytes(dir.file("a.rle"), gzip_compress("x = 3, y = 1\n3o!\n"));
    const Pattern a = read_pattern_file(dir.file("a.rle"));
    EXPECT_TRUE(a.compressed);
    EXPECT_EQ(a.cells.population(), 3u);
    write_bytes(dir.file("b.rle.gz"), "x = 2, y = 1\n2o!\n");
    const Pattern b = read_pattern_file(dir.file("b.rle.gz"));
    EXPECT_FALSE(b.compressed);
    EXPECT_EQ(b.cells.population(), 2u);
    // In memory: decode_pattern takes the raw bytes.
    EXPECT_EQ(decode_pattern(gzip_compress("[M2]\n*$\n4 1 0 0 0\n"), "m").format,
              PatternFormat::Macrocell);
    // The extension says the format only when the content does not.
    write_bytes(dir.file("c.mc.gz"), gzip_compress(""));
    expect_input_error([&] { read_pattern_file(dir.file("c.mc.gz")); }, {"c.mc.gz", "[M2]"});
}

TEST(Gzip, TruncatedAndCorruptStreamsAreClearErrors) {
    std::string text;
    for (int i = 0; i < 2000; ++i) text += "#C line " + std::to_string(i) + "\n";
    text += "x = 3, y = 1\n3o!\n";
    const std::string z = gzip_compress(text);
    TempDir dir;
    const std::string cut = dir.file("cut.rle.gz");
    write_bytes(cut, z.substr(0, z.size() / 2));
    const std::string msg = expect_input_error(
        [&] { read_pattern_file(cut); }, {cut + ": ", "truncated", "stops in line", "expected"});
    EXPECT_EQ(msg.find("line 1 of"), std::string::npos) << msg;  // says how far it got
    expect_input_error([&] { decode_pattern(z.substr(0, 5), "tiny.gz"); },
                       {"tiny.gz", "truncated"});
    std::string bad = z;
    for (std::size_t i = 20; i < 60; ++i) bad[i] = char(bad[i] ^ 0x5a);
    expect_input_error([&] { decode_pattern(bad, "bad.gz"); },
                       {"bad.gz", "corrupt gzip data near compressed byte", "expected"});
    std::string crc = z;
    crc[crc.size() - 6] = char(crc[crc.size() - 6] ^ 1);  // the CRC of the text
    expect_input_error([&] { decode_pattern(crc, "crc.gz"); }, {"crc.gz", "corrupt", "check"});
    expect_input_error([&] { decode_pattern(z + "junk", "tail.gz"); },
                       {"tail.gz", "unexpected data after the gzip stream"});
    // A compressed file whose text is binary is refused like a plain one.
    expect_input_error([&] { decode_pattern(gzip_compress(std::string("x\0y", 3)), "nul.gz"); },
                       {"nul.gz:1:2", "binary data"});
}

TEST(Gzip, WritersNeverLeaveHalfFiles) {
    TempDir dir;
    const std::string path = dir.file("keep.mc.gz");
    const Grid a = random_grid(40, 40, 0.5, 1);
    write_pattern_file(path, a, std::nullopt, WriteOptions{});
    // An unknown extension is refused before anything is written.
    expect_input_error([&] { write_pattern_file(dir.file("x.gz"), a, std::nullopt, {}); },
                       {"x.gz", ".mc"});
    EXPECT_FALSE(std::filesystem::exists(dir.file("x.gz")));
    // Only the finished file is there: no temporaries left behind.
    int files = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++files;
    EXPECT_EQ(files, 1);
    EXPECT_EQ(read_pattern_file(path).cells, a);
}

}  // namespace
}  // namespace toroid
