#include "png_image.hpp"

#include <png.h>

#include <cstring>
#include <stdexcept>

namespace toroid::view {

void write_png(const std::string& path, const RgbaImage& image) {
    png_image png;
    std::memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    png.width = png_uint_32(image.width);
    png.height = png_uint_32(image.height);
    png.format = PNG_FORMAT_RGBA;
    if (!png_image_write_to_file(&png, path.c_str(), 0, image.pixels.data(), 0, nullptr))
        throw std::runtime_error("cannot write " + path + ": " + png.message);
}

RgbaImage read_png(const std::string& path) {
    png_image png;
    std::memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&png, path.c_str()))
        throw std::runtime_error("cannot read " + path + ": " + png.message);
    png.format = PNG_FORMAT_RGBA;
    RgbaImage out;
    out.width = int(png.width);
    out.height = int(png.height);
    out.pixels.resize(std::size_t(out.width) * std::size_t(out.height));
    if (!png_image_finish_read(&png, nullptr, out.pixels.data(), 0, nullptr))
        throw std::runtime_error("cannot read " + path + ": " + png.message);
    return out;
}

}  // namespace toroid::view
