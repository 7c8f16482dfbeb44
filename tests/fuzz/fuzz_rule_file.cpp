// libFuzzer target: Golly rule files (@RULE with @TABLE, @TREE, @COLORS) on
// arbitrary bytes. An InputError is the expected answer to a bad file; any
// other exception, a crash or a hang is a bug. A file that parses must give
// a tree that validates, next states below its state count, and (Moore and
// von Neumann rules) a tree text that reads back to the same canonical tree.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "toroid/core/rule_file.hpp"
#include "toroid/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    toroid::RuleFile file;
    try {
        file = toroid::parse_rule_file(text, "fuzz.rule");
    } catch (const toroid::InputError&) {
        return 0;
    }
    const toroid::TreeRule& rule = *file.rule;
    rule.tree().validate("fuzz.rule");
    const int n = rule.states();
    std::uint64_t x = size;
    for (int i = 0; i < 64; ++i) {
        auto s = [&] {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            return std::uint8_t((x >> 33) % std::uint64_t(n));
        };
        const toroid::Block3x3 b{s(), s(), s(), s(), s(), s(), s(), s(), s()};
        if (rule.next(b) >= n) {
            std::fprintf(stderr, "next state %d of a %d-state rule\n", rule.next(b), n);
            std::abort();
        }
    }
    if (rule.neighbourhood() == toroid::CellNeighbourhood::Moore ||
        rule.neighbourhood() == toroid::CellNeighbourhood::VonNeumann) {
        const std::string again = "@RULE R\n@TREE\n" + toroid::rule_tree_text(rule.tree());
        const toroid::RuleFile back = toroid::parse_rule_file(again, "again.rule");
        if (back.rule->tree().fingerprint() != rule.tree().fingerprint()) {
            std::fprintf(stderr, "tree text does not read back to the same tree\n");
            std::abort();
        }
    }
    return 0;
}
