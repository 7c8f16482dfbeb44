// Numbers on the command line, one parser for every command and front end.
//
// CLI11 converts integer options with strtoull/strtoll in base 0, so
// `--seed -1` became 2^64-1, `--gens 99999999999999999999` was clamped to
// 2^63-1, `--soups 010` was 8 (octal) and `--max-time nan` a valid double.
// Here every number option is checked on its text, before CLI11 converts it
// (a CLI11 transform: a check() may not rewrite the text):
//
//   whole numbers   decimal digits only (a leading '+' allowed), within the
//                   option's range: negative values for unsigned options and
//                   values beyond the range are refused, never clamped or
//                   wrapped, and the message gives the range;
//   decimals        what strtod reads, but finite: nan and inf are refused,
//                   and so is anything outside the option's range.
//
// A refusal is a CLI11 validation error, which the front end prints as
// `error: --seed: -1 is negative: expected a whole number 0 to
// 18446744073709551615` with exit 2.
//
// Two ways in. add_number_option() declares an option with the range of its
// type (or a narrower one the command gives); check_number_options(app),
// called once by each front end after every command is declared, walks all
// options and gives every integer and decimal option that has no number
// check yet the check of the widest type of its kind (so no command can
// forget: an `int` option so checked still fails conversion beyond int, but
// never wraps). Generation counts have their own option (generations.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace toroid::frontend {

// The name of every number validator (how check_number_options sees that
// an option is checked already).
inline constexpr const char* kNumberCheck = "number";

// Whole numbers from `min` to `max` (inclusive), written in decimal. The
// text is rewritten to its plain decimal form ("010" -> "10", "+5" -> "5"),
// so that CLI11's conversion (base 0) cannot read it as octal.
CLI::Validator whole_number(std::int64_t min, std::uint64_t max);
// Finite decimals from `min` to `max`.
CLI::Validator decimal_number(double min = -std::numeric_limits<double>::max(),
                              double max = std::numeric_limits<double>::max());

// The number type an option holds: T, or the T of std::optional<T> and
// std::vector<T>.
template <class T>
struct NumberOf {
    using type = T;
};
template <class T>
struct NumberOf<std::optional<T>> {
    using type = T;
};
template <class T>
struct NumberOf<std::vector<T>> {
    using type = T;
};

// The check of [min, max] for numbers of type V.
template <class V>
CLI::Validator number_check(V min = std::numeric_limits<V>::lowest(),
                            V max = std::numeric_limits<V>::max()) {
    static_assert(std::is_arithmetic_v<V> && !std::is_same_v<V, bool>);
    if constexpr (std::is_floating_point_v<V>)
        return decimal_number(double(min), double(max));
    else
        return whole_number(std::int64_t(min), std::uint64_t(max));
}

// add_option + the check of the range of its type, or of [min, max].
template <class T>
CLI::Option* add_number_option(CLI::App& cmd, const std::string& name, T& target,
                               const std::string& help) {
    return cmd.add_option(name, target, help)
        ->transform(number_check<typename NumberOf<T>::type>());
}
template <class T, class V>
CLI::Option* add_number_option(CLI::App& cmd, const std::string& name, T& target,
                               const std::string& help, V min, V max) {
    using N = typename NumberOf<T>::type;
    return cmd.add_option(name, target, help)->transform(number_check<N>(N(min), N(max)));
}

// Gives every INT, UINT and FLOAT option of `app` and its subcommands that
// has no number check the check of the widest type of its kind.
void check_number_options(CLI::App& app);

}  // namespace toroid::frontend
