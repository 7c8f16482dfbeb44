// PngWriter: a grayscale PNG written row by row (libpng), for space-time
// diagrams and plots. Knows nothing about automata.
//
// encode_rgba_png() is the colour counterpart for pictures held in memory.
//
// Two pixel kinds:
//   Bit1   1 bit per pixel; write_bits() takes a row in the canonical cell
//          layout (pixel x = bit x % 64 of word x / 64, LSB first) and paints
//          set bits black on white (the usual look of cell diagrams).
//   Gray8  8 bits per pixel; write_gray() takes one byte per pixel (0 black).
// Rows go top to bottom; exactly `height` rows must be written before
// finish() (the destructor finishes too, silently). Widths and heights up to
// 2^31 - 1. I/O and libpng failures throw std::runtime_error naming the file.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace toroid {

class PngWriter {
  public:
    enum class Pixel { Bit1, Gray8 };

    PngWriter(const std::string& path, std::int64_t width, std::int64_t height, Pixel pixel);
    ~PngWriter();
    PngWriter(const PngWriter&) = delete;
    PngWriter& operator=(const PngWriter&) = delete;

    void write_bits(std::span<const std::uint64_t> row);  // Bit1 only
    void write_gray(std::span<const std::uint8_t> row);   // Gray8 only
    void finish();

  private:
    void write_packed(const std::uint8_t* row);

    std::string path_;
    std::int64_t width_ = 0;
    std::int64_t height_ = 0;
    std::int64_t rows_written_ = 0;
    Pixel pixel_;
    std::FILE* file_ = nullptr;
    void* png_ = nullptr;   // png_structp
    void* info_ = nullptr;  // png_infop
    std::vector<std::uint8_t> scratch_;
    std::string error_;  // last libpng error message
    bool finished_ = false;
};

// The PNG file bytes of an RGBA8 picture as a RenderTarget holds it
// (render_request.hpp: red in the low byte, rows top down, row r at
// pixels + r * pitch), encoded in memory: the Python module's pictures.
// Sizes 1 .. 2^31 - 1; libpng failures throw std::runtime_error.
std::string encode_rgba_png(const std::uint32_t* pixels, std::int64_t width, std::int64_t height,
                            std::int64_t pitch);

}  // namespace toroid
