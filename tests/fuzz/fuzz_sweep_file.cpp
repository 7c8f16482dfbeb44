// libFuzzer target: sweep result files (`sweep merge`, `sweep --resume`) on
// arbitrary bytes. The input is one or two files (split at the first byte
// 0x00): each is parsed with parse_sweep_file, then the two are merged. An
// InputError is the expected answer to bad input; any other exception (a
// stray nlohmann type_error, std::invalid_argument from stoull), a crash or
// a runaway allocation is a bug. A file that parses must round-trip: its
// header and census lines written again (header_line, to_json through
// json_text) parse back to the same rules, and a merge holds every rule of
// its files, none twice, within the family, with the missing ones counted.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "toroid/analysis/sweep_file.hpp"
#include "toroid/error.hpp"
#include "toroid/io/json_text.hpp"

namespace {

[[noreturn]] void fail(const char* what, const std::string& text) {
    std::fprintf(stderr, "%s\n--- text ---\n%s\n", what, text.c_str());
    std::abort();
}

std::string written(const toroid::SweepFile& f) {
    std::string text = toroid::header_line(f.header) + "\n";
    for (const auto& c : f.rules) text += toroid::json_text(toroid::to_json(c)) + "\n";
    return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::string_view> texts =
        toroid::fuzz::split_at_nul(std::string_view(reinterpret_cast<const char*>(data), size));
    std::vector<toroid::SweepFile> files;
    std::vector<std::string> names;
    for (std::size_t k = 0; k < texts.size(); ++k) {
        names.push_back("<fuzz " + std::to_string(k) + ">");
        try {
            files.push_back(toroid::parse_sweep_file(texts[k], names.back()));
        } catch (const toroid::InputError&) {
            return 0;
        }
        const toroid::SweepFile& f = files.back();
        if (f.valid_bytes + f.dropped_bytes != texts[k].size())
            fail("bytes unaccounted", std::string(texts[k]));
        const std::string again = written(f);
        toroid::SweepFile back;
        try {
            back = toroid::parse_sweep_file(again, "<written>");
        } catch (const toroid::InputError& e) {
            fail(e.what(), again);
        }
        if (back.rules.size() != f.rules.size() || back.family_size != f.family_size)
            fail("the written file reads back differently", again);
        for (std::size_t i = 0; i < f.rules.size(); ++i)
            if (toroid::to_json(back.rules[i]) != toroid::to_json(f.rules[i]))
                fail("a census reads back differently", again);
    }
    std::size_t total = 0;
    for (const auto& f : files) total += f.rules.size();
    toroid::SweepMerge m;
    try {
        m = toroid::merge_sweeps(files, names);
    } catch (const toroid::InputError&) {
        return 0;
    }
    const auto& rules = m.file.rules;
    for (std::size_t i = 0; i < rules.size(); ++i) {
        if (rules[i].rule_index >= m.file.family_size) fail("merged index outside the family", "");
        if (i > 0 && rules[i].rule_index <= rules[i - 1].rule_index)
            fail("merged rules not in strictly increasing order", "");
    }
    if (rules.size() > total) fail("a merge invented rules", "");
    if (rules.size() + m.missing != m.file.family_size) fail("missing rules miscounted", "");
    return 0;
}
