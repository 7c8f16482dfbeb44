// encode_rgba_png: an RGBA8 picture (as a RenderTarget holds it) encoded in
// memory, read back pixel for pixel by libpng.
#include <gtest/gtest.h>
#include <png.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "toroid/core/render_request.hpp"
#include "toroid/io/png_writer.hpp"

namespace toroid {
namespace {

TEST(PngPicture, RoundTripsEveryPixelWithAPitch) {
    const int w = 37, h = 11, pitch = 40;  // rows further apart than the width
    std::vector<std::uint32_t> pixels(std::size_t(pitch) * h, 0xDEADBEEF);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            pixels[std::size_t(y * pitch + x)] =
                rgba(std::uint32_t(x * 7), std::uint32_t(y * 23), std::uint32_t(x ^ y), 255 - x);
    const std::string png = encode_rgba_png(pixels.data(), w, h, pitch);
    ASSERT_GT(png.size(), 8u);
    EXPECT_EQ(png.substr(1, 3), "PNG");

    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    ASSERT_TRUE(png_image_begin_read_from_memory(&image, png.data(), png.size()));
    ASSERT_EQ(int(image.width), w);
    ASSERT_EQ(int(image.height), h);
    image.format = PNG_FORMAT_RGBA;
    std::vector<std::uint32_t> back(std::size_t(w) * h);
    ASSERT_TRUE(png_image_finish_read(&image, nullptr, back.data(), 0, nullptr));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            ASSERT_EQ(back[std::size_t(y * w + x)], pixels[std::size_t(y * pitch + x)])
                << x << "," << y;
}

TEST(PngPicture, RefusesImpossibleSizes) {
    const std::uint32_t one = 0;
    EXPECT_THROW(encode_rgba_png(&one, 0, 1, 1), std::runtime_error);
    EXPECT_THROW(encode_rgba_png(&one, 2, 1, 1), std::runtime_error);  // pitch < width
}

}  // namespace
}  // namespace toroid
