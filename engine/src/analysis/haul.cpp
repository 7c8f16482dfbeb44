#include "toroid/analysis/haul.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "toroid/core/md5.hpp"

namespace toroid {

void CensusTally::add(std::uint64_t index, const SoupCensus& soup) {
    ++soups;
    generations += soup.generations;
    if (!soup.settled) ++unsettled;
    times += soup.times;
    for (const std::string& code : soup.objects) {
        ++objects[code];
        auto& list = samples[code];
        if (list.size() < kSamples && (list.empty() || list.back() != index)) list.push_back(index);
    }
}

void CensusTally::merge(const CensusTally& b) {
    soups += b.soups;
    unsettled += b.unsettled;
    generations += b.generations;
    times += b.times;
    for (const auto& [code, n] : b.objects) objects[code] += n;
    for (const auto& [code, list] : b.samples) {
        auto& mine = samples[code];
        mine.insert(mine.end(), list.begin(), list.end());
        std::sort(mine.begin(), mine.end());
        mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
        if (mine.size() > kSamples) mine.resize(kSamples);
    }
}

std::uint64_t CensusTally::total_objects() const {
    std::uint64_t n = 0;
    for (const auto& [code, count] : objects) n += count;
    return n;
}

std::vector<std::pair<std::string, std::uint64_t>> CensusTally::by_count() const {
    std::vector<std::pair<std::string, std::uint64_t>> v(objects.begin(), objects.end());
    std::stable_sort(v.begin(), v.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return v;
}

std::string catagolue_rule(const Rule& rule) {
    // Generations: the states first, then the live plane's rule (g4b2s345).
    if (rule.multi_state() && rule.generations_family())
        return "g" + std::to_string(rule.states()) + catagolue_rule(rule.two_state());
    std::string text = rule.to_string(), out;
    for (char c : text)
        if (c != '/') out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string haul_text(const CensusTally& t, std::string_view version) {
    std::ostringstream s;
    s << "@VERSION " << version << "\n"
      << "@MD5 " << md5_hex(t.root) << "\n"
      << "@ROOT " << t.root << "\n"
      << "@RULE " << t.rule << "\n"
      << "@SYMMETRY " << t.symmetry << "\n"
      << "@NUM_SOUPS " << t.soups << "\n"
      << "@NUM_OBJECTS " << t.total_objects() << "\n"
      << "\n@CENSUS TABLE\n";
    const auto list = t.by_count();
    for (const auto& [code, count] : list) s << code << " " << count << "\n";
    s << "\n@SAMPLE_SOUPIDS\n";
    for (const auto& [code, count] : list) {
        s << code;
        for (std::uint64_t i : t.samples.at(code)) s << " " << i;
        s << "\n";
    }
    return s.str();
}

std::string textcensus(const CensusTally& t) {
    std::string out = "\"apgcode\",\"occurrences\"\n";
    for (const auto& [code, count] : t.by_count())
        out += "\"" + code + "\"," + "\"" + std::to_string(count) + "\"\n";
    return out;
}

nlohmann::json to_json(const CensusTally& t) {
    nlohmann::json objects = nlohmann::json::object(), samples = nlohmann::json::object();
    for (const auto& [code, count] : t.objects) {
        objects[code] = count;
        nlohmann::json ids = nlohmann::json::array();
        for (std::uint64_t i : t.samples.at(code))
            ids.push_back(t.symmetry + "/" + t.root + std::to_string(i));
        samples[code] = ids;
    }
    return {{"rule", t.rule},
            {"symmetry", t.symmetry},
            {"root", t.root},
            {"soups", t.soups},
            {"unsettled", t.unsettled},
            {"objects_total", t.total_objects()},
            {"objects", objects},
            {"samples", samples},
            {"seconds", t.seconds},
            {"soups_per_second", t.seconds > 0 ? double(t.soups) / t.seconds : 0.0},
            {"cpu_seconds",
             {{"step", t.times.step},
              {"stabilise", t.times.stabilise},
              {"classify", t.times.classify}}},
            {"mean_generations", t.soups ? double(t.generations) / double(t.soups) : 0.0}};
}

}  // namespace toroid
