// RGBA PNG files for screenshots (libpng's simplified API). Pixels are RGBA8
// words, red in the low byte, rows top down (as RenderTarget holds them).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace toroid::view {

struct RgbaImage {
    int width = 0, height = 0;
    std::vector<std::uint32_t> pixels;  // row-major, top row first
    std::uint32_t at(int x, int y) const {
        return pixels[std::size_t(y) * std::size_t(width) + std::size_t(x)];
    }
};

// std::runtime_error naming the file on failure.
void write_png(const std::string& path, const RgbaImage& image);
RgbaImage read_png(const std::string& path);

}  // namespace toroid::view
