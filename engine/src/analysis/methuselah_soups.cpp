#include "toroid/analysis/methuselah_soups.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "toroid/analysis/soup_run.hpp"
#include "toroid/error.hpp"
#include "toroid/memory.hpp"

namespace toroid {
namespace {

void check_search(const MethuselahSoupSearch& s) {
    if (s.width < 1 || s.height < 1)
        throw InputError("soup size " + std::to_string(s.width) + "x" + std::to_string(s.height) +
                         " is invalid: expected at least 1x1");
    if (!(s.density >= 0 && s.density <= 1))
        throw InputError("soup density " + std::to_string(s.density) +
                         " is out of range: expected 0..1");
    if (s.count < 1) throw InputError("--count must be at least 1");
    if (s.first > std::numeric_limits<std::uint64_t>::max() - (s.count - 1))
        throw InputError("soups " + std::to_string(s.first) + " and " + std::to_string(s.count) +
                         " more run past the last soup number 2^64-1");
}

SoupConfig soup_config(const MethuselahSoupSearch& s) {
    SoupConfig c;
    c.soup_width = s.width;
    c.soup_height = s.height;
    c.density = s.density;
    c.seed = s.seed;
    return c;
}

}  // namespace

Grid methuselah_soup_cells(const MethuselahSoupSearch& search, const Rule& rule,
                           std::uint64_t index) {
    check_search(search);
    return make_soup_cells(soup_config(search), soup_seed(search.seed, rule, index));
}

MethuselahSoupReport search_methuselah_soups(const MethuselahSoupSearch& search, const Rule& rule,
                                             const MethuselahOptions& options) {
    check_search(search);
    if (!options.checkpoint_path.empty() || !options.resume_path.empty())
        throw InputError(
            "--checkpoint and --resume apply to one pattern, not to soups (rerun a soup by its "
            "number)");
    // Every soup's result is kept for the table (and the ranking): refused
    // before the first soup when they could not all be held.
    const double per_soup = double(sizeof(MethuselahSoup) + sizeof(std::size_t)) + 160;
    check_host_memory({double(search.count) * per_soup,
                       "a search of " + std::to_string(search.count) + " soups",
                       "each soup's result kept for the table, about " + human_bytes(per_soup),
                       "ask for fewer soups with --count (and go on from --first later)"});
    const SoupConfig config = soup_config(search);
    MethuselahSoupReport report;
    double lifespans = 0;
    for (std::uint64_t i = 0; i < search.count; ++i) {
        if (search.stop_requested && search.stop_requested()) {
            report.interrupted = true;
            break;
        }
        MethuselahSoup soup;
        soup.index = search.first + i;
        soup.soup_seed = soup_seed(search.seed, rule, soup.index);
        if (search.on_soup) search.on_soup(soup.index, soup.soup_seed);
        soup.result = analyse_methuselah(make_soup_cells(config, soup.soup_seed),
                                         "soup " + std::to_string(soup.index), rule, options);
        if (soup.result.stabilised) ++report.stabilised, lifespans += double(soup.result.lifespan);
        const bool interrupted = soup.result.interrupted;
        // The population curve (8 bytes a generation) is for one pattern's
        // plot; a table of soups keeps only the figures.
        std::vector<std::uint64_t>().swap(soup.result.population);
        report.soups.push_back(std::move(soup));
        if (interrupted) {
            report.interrupted = true;
            break;
        }
    }
    report.mean_lifespan = report.stabilised ? lifespans / double(report.stabilised) : 0.0;
    return report;
}

std::vector<std::size_t> longest_soups(const MethuselahSoupReport& report, std::size_t top) {
    std::vector<std::size_t> order(report.soups.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const auto key = [](const MethuselahResult& r) {
        return r.stabilised ? r.lifespan : r.generations_run;
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const MethuselahResult& ra = report.soups[a].result;
        const MethuselahResult& rb = report.soups[b].result;
        if (ra.stabilised != rb.stabilised) return !ra.stabilised;  // unsettled first
        return key(ra) > key(rb);
    });
    if (order.size() > top) order.resize(top);
    return order;
}

}  // namespace toroid
