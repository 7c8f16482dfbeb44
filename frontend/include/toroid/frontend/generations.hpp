// Generation counts on the command line (--gens, --max-gens, --steps), read
// in one place.
//
// The engine counts generations in 64-bit integers and keeps a torus's
// generation as a signed 64-bit number in places (checkpoints, JSON), so a
// count is at most kMaxGenerations = 2^63 - 1. Anything beyond is refused
// (`--gens 99999999999999999999` used to be clamped to 2^63 - 1 and then
// ran for ever), as are negative counts and counts below the option's
// minimum; the message names the option, quotes the text and gives the
// range. A command that can only go so far in one call gives a smaller
// maximum (selftest: 1000).
//
// The text is read by parse_generations() and rewritten to plain decimal
// before CLI11 converts it. Plain digits are read here (so a count beyond the
// range says so with the range); any other text goes through the engine's
// exact notation (core/generation_count.hpp: 10^15, 2^40, 3e9, 3*2^40).
// A target may be a string (the hashlife commands keep the text) or any
// integer type.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace toroid::frontend {

inline constexpr std::uint64_t kMaxGenerations =
    std::uint64_t(std::numeric_limits<std::int64_t>::max());

// The count `text` names, for `option`; InputError outside [min, max].
std::uint64_t parse_generations(const std::string& text, const std::string& option,
                                std::uint64_t min = 0, std::uint64_t max = kMaxGenerations);

// Adds a generation-count option bound to `target` (any integer type that
// holds [min, max]), checked by parse_generations.
template <class T>
CLI::Option* add_generations_option(CLI::App& cmd, const std::string& name, T& target,
                                    const std::string& help, std::uint64_t min = 0,
                                    std::uint64_t max = kMaxGenerations);

CLI::Validator generations_check(const std::string& option, std::uint64_t min, std::uint64_t max);

template <class T>
CLI::Option* add_generations_option(CLI::App& cmd, const std::string& name, T& target,
                                    const std::string& help, std::uint64_t min, std::uint64_t max) {
    if constexpr (std::is_integral_v<T>) {
        if (max > std::uint64_t(std::numeric_limits<T>::max()))
            max = std::uint64_t(std::numeric_limits<T>::max());
    }
    const std::string option = name.substr(0, name.find(','));
    return cmd.add_option(name, target, help)->transform(generations_check(option, min, max));
}

}  // namespace toroid::frontend
