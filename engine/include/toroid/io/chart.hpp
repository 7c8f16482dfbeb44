// Chart: plots for people, drawn with cairo, written as PNG or SVG.
//
// A chart is a white canvas with a plot area framed by two axes. frame()
// draws the title above, the axes with "nice" ticks (steps of 1, 2 or 5
// times a power of ten), the tick numbers, light grid lines and the axis
// labels; afterwards data coordinates map into the plot area (y upwards).
// The format comes from the file's extension: .png or .svg (anything else
// is InputError, before any drawing). I/O failures are std::runtime_error
// naming the file.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace toroid {

// InputError unless `path` ends in .png or .svg: what Chart will accept, for
// commands that check their --plot before the work (output_file.hpp).
void check_chart_path(const std::string& path);

struct ChartColour {
    double r = 0, g = 0, b = 0;
};

struct ChartAxis {
    double min = 0, max = 1;
    std::string label;
};

class Chart {
  public:
    Chart(const std::string& path, int width, int height);
    ~Chart();
    Chart(const Chart&) = delete;
    Chart& operator=(const Chart&) = delete;

    // With `categories`, the x axis is labelled with them (one per unit,
    // centred at i + 0.5) instead of numbers.
    void frame(const std::string& title, const ChartAxis& x, const ChartAxis& y,
               const std::vector<std::string>& categories = {});
    void polyline(const std::vector<std::pair<double, double>>& points, ChartColour colour,
                  double line_width = 1.5);
    // A vertical segment at x from y0 to y1 (e.g. the min..max of a pixel column).
    void vertical(double x, double y0, double y1, ChartColour colour, double line_width = 1.0);
    void rectangle(double x0, double y0, double x1, double y1, ChartColour colour);
    // A dashed vertical line across the plot area at x, labelled at its top.
    void marker(double x, const std::string& label, ChartColour colour);
    void legend(const std::vector<std::pair<std::string, ChartColour>>& entries);
    // Writes the file (the destructor finishes silently otherwise).
    void finish();

    // Pixels per data unit along x (for choosing how many points to draw).
    double plot_width_pixels() const { return right_ - left_; }

  private:
    double to_x(double x) const;
    double to_y(double y) const;

    std::string path_;
    bool svg_ = false;
    void* surface_ = nullptr;  // cairo_surface_t
    void* cr_ = nullptr;       // cairo_t
    int width_ = 0, height_ = 0;
    double left_ = 0, right_ = 0, top_ = 0, bottom_ = 0;
    ChartAxis x_, y_;
    bool finished_ = false;
};

// Tick positions from lo to hi, about `target` of them, at a nice step.
std::vector<double> nice_ticks(double lo, double hi, int target = 6);

}  // namespace toroid
