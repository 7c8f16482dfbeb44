#include "toroid/io/png_writer.hpp"

#include <png.h>

#include <bit>
#include <csetjmp>
#include <stdexcept>
#include <string>

namespace toroid {
namespace {

// libpng reports errors by longjmp to the setjmp of the innermost guarded()
// call; the message is kept in the writer's error string (no C++ exception
// ever crosses libpng's C frames).
void png_fail(png_structp png, png_const_charp message) {
    auto* error = static_cast<std::string*>(png_get_error_ptr(png));
    if (error) *error = message;
    png_longjmp(png, 1);
}
void png_warn(png_structp, png_const_charp) {}

// Runs fn (plain libpng calls, no objects with destructors) under setjmp.
template <class F>
bool guarded(png_structp png, F fn) {
    if (setjmp(png_jmpbuf(png))) return false;
    fn();
    return true;
}

// Reverses the bit order of a byte (canonical layout is LSB first, PNG MSB first).
std::uint8_t reverse_bits(std::uint8_t b) {
    b = static_cast<std::uint8_t>((b & 0xF0) >> 4 | (b & 0x0F) << 4);
    b = static_cast<std::uint8_t>((b & 0xCC) >> 2 | (b & 0x33) << 2);
    b = static_cast<std::uint8_t>((b & 0xAA) >> 1 | (b & 0x55) << 1);
    return b;
}

}  // namespace

PngWriter::PngWriter(const std::string& path, std::int64_t width, std::int64_t height, Pixel pixel)
    : path_(path), width_(width), height_(height), pixel_(pixel) {
    if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff)
        throw std::runtime_error("PNG " + path + ": size " + std::to_string(width) + " x " +
                                 std::to_string(height) + " is outside 1 .. 2^31-1");
    file_ = std::fopen(path.c_str(), "wb");
    if (!file_) throw std::runtime_error("cannot open " + path + " for writing");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error_, png_fail, png_warn);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!png || !info) {
        png_destroy_write_struct(&png, nullptr);
        std::fclose(file_);
        throw std::runtime_error("PNG " + path + ": libpng could not be initialised");
    }
    png_ = png;
    info_ = info;
    const int depth = pixel == Pixel::Bit1 ? 1 : 8;
    std::FILE* file = file_;
    const bool ok = guarded(png, [png, info, file, width, height, depth] {
        png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
        png_init_io(png, file);
        png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height),
                     depth, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                     PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
    });
    if (!ok) {
        png_destroy_write_struct(&png, &info);
        std::fclose(file_);
        throw std::runtime_error("PNG " + path + ": " + error_);
    }
    scratch_.resize(pixel == Pixel::Bit1 ? static_cast<std::size_t>((width + 7) / 8)
                                         : static_cast<std::size_t>(width));
}

PngWriter::~PngWriter() {
    try {
        finish();
    } catch (...) {
    }
}

void PngWriter::write_packed(const std::uint8_t* row) {
    if (finished_ || rows_written_ >= height_)
        throw std::runtime_error("PNG " + path_ + ": more rows written than the height " +
                                 std::to_string(height_));
    auto png = static_cast<png_structp>(png_);
    if (!guarded(png, [png, row] { png_write_row(png, row); }))
        throw std::runtime_error("PNG " + path_ + ": " + error_);
    ++rows_written_;
}

void PngWriter::write_bits(std::span<const std::uint64_t> row) {
    if (pixel_ != Pixel::Bit1) throw std::logic_error("PngWriter::write_bits on an 8-bit image");
    if (static_cast<std::int64_t>(row.size()) * 64 < width_)
        throw std::logic_error("PngWriter::write_bits: row shorter than the image width");
    for (std::size_t i = 0; i < scratch_.size(); ++i) {
        const std::uint8_t b = static_cast<std::uint8_t>(row[i / 8] >> (8 * (i % 8)));
        scratch_[i] = static_cast<std::uint8_t>(~reverse_bits(b));  // set bit -> black (0)
    }
    write_packed(scratch_.data());
}

void PngWriter::write_gray(std::span<const std::uint8_t> row) {
    if (pixel_ != Pixel::Gray8) throw std::logic_error("PngWriter::write_gray on a 1-bit image");
    if (static_cast<std::int64_t>(row.size()) < width_)
        throw std::logic_error("PngWriter::write_gray: row shorter than the image width");
    write_packed(row.data());
}

void PngWriter::finish() {
    if (finished_) return;
    finished_ = true;
    auto png = static_cast<png_structp>(png_);
    auto info = static_cast<png_infop>(info_);
    std::string error;
    if (rows_written_ != height_) {
        error = "PNG " + path_ + ": " + std::to_string(rows_written_) + " rows written, expected " +
                std::to_string(height_);
    } else {
        if (!guarded(png, [png, info] { png_write_end(png, info); }))
            error = "PNG " + path_ + ": " + error_;
    }
    png_destroy_write_struct(&png, &info);
    if (std::fclose(file_) != 0 && error.empty()) error = "cannot write " + path_;
    file_ = nullptr;
    if (!error.empty()) throw std::runtime_error(error);
}

std::string encode_rgba_png(const std::uint32_t* pixels, std::int64_t width, std::int64_t height,
                            std::int64_t pitch) {
    if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff || pitch < width)
        throw std::runtime_error("PNG picture: size " + std::to_string(width) + " x " +
                                 std::to_string(height) + " is outside 1 .. 2^31-1");
    // RGBA8 words hold red in the low byte: on a little-endian machine their
    // bytes are R, G, B, A, as PNG_FORMAT_RGBA expects.
    static_assert(std::endian::native == std::endian::little);
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    image.width = static_cast<png_uint_32>(width);
    image.height = static_cast<png_uint_32>(height);
    image.format = PNG_FORMAT_RGBA;
    const auto stride = static_cast<png_int_32>(pitch * 4);  // in components
    png_alloc_size_t bytes = 0;
    if (!png_image_write_to_memory(&image, nullptr, &bytes, 0, pixels, stride, nullptr))
        throw std::runtime_error(std::string("PNG picture: ") + image.message);
    std::string out(bytes, '\0');
    if (!png_image_write_to_memory(&image, out.data(), &bytes, 0, pixels, stride, nullptr))
        throw std::runtime_error(std::string("PNG picture: ") + image.message);
    out.resize(bytes);
    return out;
}

}  // namespace toroid
