#include "toroid/frontend/number_options.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace toroid::frontend {
namespace {

std::string range_text(std::int64_t min, std::uint64_t max) {
    return "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max);
}

std::string decimal_text(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

bool has_number_check(CLI::Option* opt) {
    try {
        opt->get_validator(kNumberCheck);
        return true;
    } catch (const CLI::OptionNotFound&) {
        return false;
    }
}

}  // namespace

CLI::Validator whole_number(std::int64_t min, std::uint64_t max) {
    CLI::Validator v(
        [min, max](std::string& text) -> std::string {
            const std::string expected = range_text(min, max);
            std::size_t i = 0;
            bool negative = false;
            if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
            if (i == text.size() || text.find_first_not_of("0123456789", i) != std::string::npos)
                return "'" + text + "' is not a whole number: " + expected +
                       " (decimal digits only)";
            // The magnitude, and whether it is beyond 64 bits.
            std::uint64_t magnitude = 0;
            bool beyond = false;
            constexpr std::uint64_t kTop = ~std::uint64_t(0);
            for (; i < text.size(); ++i) {
                const unsigned digit = unsigned(text[i] - '0');
                if (magnitude > kTop / 10 || (magnitude == kTop / 10 && digit > kTop % 10))
                    beyond = true;
                else
                    magnitude = magnitude * 10 + digit;
            }
            if (negative && (magnitude != 0 || beyond)) {
                if (min >= 0) return text + " is negative: " + expected;
                // The largest magnitude below zero: -min, computed without overflow.
                if (beyond || magnitude > std::uint64_t(-(min + 1)) + 1)
                    return text + " is out of range: " + expected;
                text = "-" + std::to_string(magnitude);
                return {};
            }
            if (beyond || magnitude > max || (min > 0 && magnitude < std::uint64_t(min)))
                return text + " is out of range: " + expected;
            text = std::to_string(magnitude);  // plain decimal for CLI11
            return {};
        },
        "", kNumberCheck);
    return v;
}

CLI::Validator decimal_number(double min, double max) {
    return CLI::Validator(
        [min, max](std::string& text) -> std::string {
            const std::string expected = min <= -std::numeric_limits<double>::max() &&
                                                 max >= std::numeric_limits<double>::max()
                                             ? std::string("expected a finite decimal number")
                                             : "expected a decimal number from " +
                                                   decimal_text(min) + " to " + decimal_text(max);
            char* end = nullptr;
            errno = 0;
            const double value = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size())
                return "'" + text + "' is not a number: " + expected;
            if (!std::isfinite(value) || errno == ERANGE)
                return text + " is not a finite number: " + expected;
            if (value < min || value > max) return text + " is out of range: " + expected;
            return {};
        },
        "", kNumberCheck);
}

void check_number_options(CLI::App& app) {
    for (CLI::Option* opt : app.get_options()) {
        if (has_number_check(opt)) continue;
        const std::string type = opt->get_type_name();
        if (type == "INT")
            opt->transform(number_check<std::int64_t>());
        else if (type == "UINT")
            opt->transform(number_check<std::uint64_t>());
        else if (type == "FLOAT")
            opt->transform(number_check<double>());
    }
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        check_number_options(*sub);
}

}  // namespace toroid::frontend
