// Population-over-time plots (cairo, through Chart): PNG or SVG by extension.
//
// The population curve over generations 0..n-1 with numbered axes
// ("generation", "population"), a title, and, when `mark` is given, a dashed
// vertical line at that generation labelled "stabilises at generation N".
// Where several generations share a pixel column the column shows their
// minimum..maximum, so oscillation and spikes stay visible. The vertical
// axis runs from 0 to the largest population.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace toroid {

struct PlotOptions {
    std::int64_t width = 1000, height = 500;
    std::optional<std::uint64_t> mark;  // generation to mark (the stabilisation point)
    std::string title = "Population";   // e.g. "acorn (B3/S23)"
};

// Throws InputError for an empty series, a size under 200x150 or an unknown
// extension; I/O errors are std::runtime_error naming the file.
void write_population_plot(const std::string& path, const std::vector<std::uint64_t>& population,
                           const PlotOptions& options = {});

}  // namespace toroid
