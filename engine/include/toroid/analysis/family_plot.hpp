// The family plot: for each rule of a sweep, the fractions of its soups in
// each class (dies, stable, ships, explosive, chaotic) as a stacked bar,
// with the family in the title; PNG or SVG by extension (io/chart.hpp).
#pragma once

#include <string>
#include <vector>

#include "toroid/analysis/census.hpp"

namespace toroid {

void write_family_plot(const std::string& path, const std::string& family,
                       const std::vector<RuleCensus>& rules);

}  // namespace toroid
