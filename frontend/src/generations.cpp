#include "toroid/frontend/generations.hpp"

#include "toroid/core/generation_count.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/number_options.hpp"

namespace toroid::frontend {

std::uint64_t parse_generations(const std::string& text, const std::string& option,
                                std::uint64_t min, std::uint64_t max) {
    const std::string range = "expected " + std::to_string(min) + " to " + std::to_string(max) +
                              " generations" +
                              (max == kMaxGenerations ? " (2^63 - 1, the engine's range)" : "");
    std::size_t i = !text.empty() && text[0] == '+' ? 1 : 0;
    if (text.size() > 1 && text[0] == '-' &&
        text.find_first_not_of("0123456789", 1) == std::string::npos)
        throw InputError(option + " " + text + " is negative: " + range);
    if (i == text.size() || text.find_first_not_of("0123456789", i) != std::string::npos) {
        // Not plain digits: the exact notation (10^15, 2^40, 3e9), which
        // refuses hex, fractions and signs with its own message.
        if (text.find_first_of("^e*+_,", i) == std::string::npos ||
            text.find("0x") != std::string::npos || text.find("0X") != std::string::npos)
            throw InputError(option + " '" + text + "' is not a whole number: " + range);
        const std::uint64_t value = parse_generation_count(text, option);
        if (value > max) throw InputError(option + " " + text + " is too large: " + range);
        if (value < min) throw InputError(option + " " + text + " is too small: " + range);
        return value;
    }
    std::uint64_t value = 0;
    bool beyond = false;
    for (; i < text.size(); ++i) {
        const unsigned digit = unsigned(text[i] - '0');
        if (value > max / 10 || (value == max / 10 && digit > max % 10)) beyond = true;
        if (!beyond) value = value * 10 + digit;
    }
    if (beyond || value > max) throw InputError(option + " " + text + " is too large: " + range);
    if (value < min) throw InputError(option + " " + text + " is too small: " + range);
    return value;
}

CLI::Validator generations_check(const std::string& option, std::uint64_t min, std::uint64_t max) {
    return CLI::Validator(
        [option, min, max](std::string& text) -> std::string {
            // Thrown as InputError: `error: --gens ...` without CLI11's prefix.
            text = std::to_string(parse_generations(text, option, min, max));
            return {};
        },
        "", kNumberCheck);
}

}  // namespace toroid::frontend
