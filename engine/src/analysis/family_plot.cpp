#include "toroid/analysis/family_plot.hpp"

#include <algorithm>

#include "toroid/error.hpp"
#include "toroid/io/chart.hpp"

namespace toroid {

void write_family_plot(const std::string& path, const std::string& family,
                       const std::vector<RuleCensus>& rules) {
    if (rules.empty()) throw InputError("nothing to plot: the sweep has no rules");
    static const ChartColour kColours[kSoupClasses] = {{0.55, 0.55, 0.55},
                                                       {0.2, 0.55, 0.25},
                                                       {0.2, 0.4, 0.8},
                                                       {0.85, 0.3, 0.15},
                                                       {0.95, 0.7, 0.1}};
    const int width = int(std::clamp<std::size_t>(rules.size() * 14 + 140, 700, 8000));
    const int height = 600;
    Chart chart(path, width, height);
    std::vector<std::string> labels;
    for (const auto& r : rules) labels.push_back(r.rule);
    chart.frame("Soup classes per rule: " + family, ChartAxis{0, double(rules.size()), "rule"},
                ChartAxis{0, 1, "fraction of soups"}, labels);
    for (std::size_t i = 0; i < rules.size(); ++i) {
        double y = 0;
        for (int k = 0; k < kSoupClasses; ++k) {
            const double f = rules[i].soups
                                 ? double(rules[i].classes[std::size_t(k)]) / double(rules[i].soups)
                                 : 0;
            if (f > 0) chart.rectangle(double(i) + 0.1, y, double(i) + 0.9, y + f, kColours[k]);
            y += f;
        }
    }
    std::vector<std::pair<std::string, ChartColour>> legend;
    for (int k = 0; k < kSoupClasses; ++k)
        legend.push_back({soup_class_name(SoupClass(k)), kColours[k]});
    chart.legend(legend);
    chart.finish();
}

}  // namespace toroid
