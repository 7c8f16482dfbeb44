#include <gtest/gtest.h>
#include <png.h>

#include <cstdio>
#include <vector>

#include "toroid/io/png_writer.hpp"

using toroid::PngWriter;

namespace {

std::vector<std::uint8_t> read_gray(const std::string& path, std::uint32_t& w, std::uint32_t& h) {
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path.c_str())) return {};
    image.format = PNG_FORMAT_GRAY;
    std::vector<std::uint8_t> pixels(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, nullptr, pixels.data(), 0, nullptr)) return {};
    w = image.width;
    h = image.height;
    return pixels;
}

}  // namespace

TEST(PngWriter, OneBitRowsFromCanonicalWords) {
    const std::string path = ::testing::TempDir() + "toroid_png_bits.png";
    const std::int64_t width = 70;
    std::vector<std::uint64_t> row0{0x1, 0x20}, row1{~std::uint64_t{0}, 0x3F};  // row1: all 70 live
    {
        PngWriter png(path, width, 2, PngWriter::Pixel::Bit1);
        png.write_bits(row0);
        png.write_bits(row1);
        png.finish();
    }
    std::uint32_t w = 0, h = 0;
    const auto px = read_gray(path, w, h);
    ASSERT_EQ(w, 70u);
    ASSERT_EQ(h, 2u);
    for (std::uint32_t x = 0; x < w; ++x) {
        const bool live0 = x == 0 || x == 69;
        EXPECT_EQ(px[x], live0 ? 0 : 255) << x;  // live = black
        EXPECT_EQ(px[w + x], 0) << x;
    }
    std::remove(path.c_str());
}

TEST(PngWriter, EightBitAndRowCountChecked) {
    const std::string path = ::testing::TempDir() + "toroid_png_gray.png";
    {
        PngWriter png(path, 3, 1, PngWriter::Pixel::Gray8);
        const std::uint8_t row[3] = {0, 128, 255};
        png.write_gray(row);
        png.finish();
    }
    std::uint32_t w = 0, h = 0;
    const auto px = read_gray(path, w, h);
    ASSERT_EQ(px.size(), 3u);
    EXPECT_EQ(px[1], 128);
    PngWriter short_png(path, 3, 2, PngWriter::Pixel::Gray8);
    EXPECT_THROW(short_png.finish(), std::runtime_error);
    EXPECT_THROW(PngWriter("/nonexistent-dir/x.png", 3, 1, PngWriter::Pixel::Gray8),
                 std::runtime_error);
    std::remove(path.c_str());
}
