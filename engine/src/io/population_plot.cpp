#include "toroid/io/population_plot.hpp"

#include <algorithm>

#include "toroid/error.hpp"
#include "toroid/io/chart.hpp"

namespace toroid {

void write_population_plot(const std::string& path, const std::vector<std::uint64_t>& pop,
                           const PlotOptions& o) {
    if (pop.empty()) throw InputError("nothing to plot: the population series is empty");
    if (o.width < 200 || o.height < 150 || o.width > 20000 || o.height > 20000)
        throw InputError("plot size must be between 200x150 and 20000x20000");
    Chart chart(path, int(o.width), int(o.height));
    const double last = double(std::max<std::size_t>(pop.size() - 1, 1));
    const double top = double(*std::max_element(pop.begin(), pop.end()));
    chart.frame(o.title, ChartAxis{0, last, "generation"},
                ChartAxis{0, std::max(top, 1.0) * 1.05, "population"});
    const ChartColour ink{0.1, 0.25, 0.6};
    const std::size_t columns = std::size_t(std::max(1.0, chart.plot_width_pixels()));
    if (pop.size() <= columns) {
        std::vector<std::pair<double, double>> points;
        for (std::size_t t = 0; t < pop.size(); ++t) points.push_back({double(t), double(pop[t])});
        chart.polyline(points, ink);
    } else {
        // Several generations per pixel column: draw each column's min..max.
        std::vector<std::pair<double, double>> mids;
        for (std::size_t c = 0; c < columns; ++c) {
            const std::size_t a = c * pop.size() / columns, b = (c + 1) * pop.size() / columns;
            if (a >= b) continue;
            const auto [lo, hi] = std::minmax_element(pop.begin() + std::ptrdiff_t(a),
                                                      pop.begin() + std::ptrdiff_t(b));
            const double x = double(a + b - 1) / 2.0;
            chart.vertical(x, double(*lo), double(*hi), ink);
            mids.push_back({x, (double(*lo) + double(*hi)) / 2});
        }
        chart.polyline(mids, ink, 1.0);
    }
    if (o.mark)
        chart.marker(double(*o.mark), "stabilises at generation " + std::to_string(*o.mark),
                     ChartColour{0.8, 0.1, 0.1});
    chart.finish();
}

}  // namespace toroid
