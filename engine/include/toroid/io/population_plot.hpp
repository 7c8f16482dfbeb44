// Population-over-time plots as PNG (through PngWriter, libpng).
//
// A white 8-bit grayscale image: a black frame, the population curve in
// black (each pixel column shows the minimum..maximum population of the
// generations it covers, so oscillation and spikes stay visible), light
// gray grid lines at every tenth of each axis, and, when `mark` is given, a
// dashed mid-gray vertical line at that generation (the stabilisation point).
// The vertical axis runs from 0 to the largest population.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace toroid {

struct PlotOptions {
    std::int64_t width = 1000, height = 500;
    std::optional<std::uint64_t> mark;  // generation to mark
};

// Throws InputError for an empty series or a size under 32x32; I/O errors
// are std::runtime_error naming the file.
void write_population_plot(const std::string& path, const std::vector<std::uint64_t>& population,
                           const PlotOptions& options = {});

}  // namespace toroid
