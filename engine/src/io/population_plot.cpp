#include "toroid/io/population_plot.hpp"

#include <algorithm>

#include "toroid/error.hpp"
#include "toroid/io/png_writer.hpp"

namespace toroid {

void write_population_plot(const std::string& path, const std::vector<std::uint64_t>& pop,
                           const PlotOptions& o) {
    if (pop.empty()) throw InputError("nothing to plot: the population series is empty");
    if (o.width < 32 || o.height < 32) throw InputError("plot size must be at least 32x32");
    const std::int64_t w = o.width, h = o.height, m = 10;  // margin
    const std::int64_t pw = w - 2 * m, ph = h - 2 * m;     // plot area
    std::vector<std::uint8_t> img(std::size_t(w * h), 255);
    auto px = [&](std::int64_t x, std::int64_t y, std::uint8_t v) {
        if (x >= 0 && x < w && y >= 0 && y < h)
            img[std::size_t(y * w + x)] = std::min(img[std::size_t(y * w + x)], v);
    };
    for (int k = 1; k < 10; ++k) {
        for (std::int64_t x = 0; x < pw; ++x) px(m + x, m + ph * k / 10, 225);
        for (std::int64_t y = 0; y < ph; ++y) px(m + pw * k / 10, m + y, 225);
    }
    for (std::int64_t x = -1; x <= pw; ++x) px(m + x, m - 1, 0), px(m + x, m + ph, 0);
    for (std::int64_t y = -1; y <= ph; ++y) px(m - 1, m + y, 0), px(m + pw, m + y, 0);
    const std::uint64_t top = std::max<std::uint64_t>(1, *std::max_element(pop.begin(), pop.end()));
    const std::size_t n = pop.size();
    auto ypix = [&](std::uint64_t v) {
        return m + ph - 1 - std::int64_t(double(ph - 1) * double(v) / double(top));
    };
    std::int64_t prev_lo = -1, prev_hi = -1;
    for (std::int64_t x = 0; x < pw; ++x) {
        const std::size_t a = std::size_t(double(x) * double(n) / double(pw));
        const std::size_t b = std::max(a + 1, std::size_t(double(x + 1) * double(n) / double(pw)));
        if (a >= n) break;
        const auto [lo, hi] = std::minmax_element(pop.begin() + std::ptrdiff_t(a),
                                                  pop.begin() + std::ptrdiff_t(std::min(b, n)));
        std::int64_t y0 = ypix(*hi), y1 = ypix(*lo);
        if (prev_lo >= 0)
            y0 = std::min(y0, prev_hi), y1 = std::max(y1, prev_lo);  // join to the previous column
        for (std::int64_t y = y0; y <= y1; ++y) px(m + x, y, 0);
        prev_lo = ypix(*lo), prev_hi = ypix(*hi);
    }
    if (o.mark) {
        const std::int64_t x = m + std::int64_t(double(*o.mark) * double(pw) / double(n));
        for (std::int64_t y = 0; y < ph; ++y)
            if ((y / 6) % 2 == 0) px(x, m + y, 110), px(x + 1, m + y, 110);
    }
    PngWriter png(path, w, h, PngWriter::Pixel::Gray8);
    for (std::int64_t y = 0; y < h; ++y) png.write_gray({img.data() + y * w, std::size_t(w)});
    png.finish();
}

}  // namespace toroid
