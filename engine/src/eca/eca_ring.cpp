#include "toroid/eca/eca_ring.hpp"

#include <bit>
#include <limits>

#include "toroid/core/splitmix64.hpp"
#include "toroid/core/torus_geometry.hpp"
#include "toroid/error.hpp"
#include "toroid/memory.hpp"

namespace toroid {

std::uint64_t eca_ring_bytes(std::int64_t width) {
    if (width < 1)
        throw InputError("ring width " + std::to_string(width) +
                         " is invalid; expected at least 1 cell");
    return (static_cast<std::uint64_t>(width) + 63) / 64 * 8;
}

void check_eca_fits(std::int64_t width, std::uint64_t copies, std::string_view what) {
    const double ring = static_cast<double>(eca_ring_bytes(width));
    check_host_memory(
        {ring * static_cast<double>(copies),
         std::string(what) + " of width " + std::to_string(width),
         std::to_string(copies) + (copies == 1 ? " ring of " : " rings of ") + human_bytes(ring),
         "choose a smaller --width (or fewer --steps)"});
}

EcaRing::EcaRing(std::int64_t width) {
    check_eca_fits(width, 1);
    width_ = width;
    words_.assign(static_cast<std::size_t>(words_per_row(width)), 0);
}

bool EcaRing::get(std::int64_t x) const {
    x = wrap(x, width_);
    return (words_[static_cast<std::size_t>(x >> 6)] >> (x & 63)) & 1;
}

void EcaRing::set(std::int64_t x, bool alive) {
    x = wrap(x, width_);
    const std::uint64_t bit = std::uint64_t{1} << (x & 63);
    auto& w = words_[static_cast<std::size_t>(x >> 6)];
    w = alive ? (w | bit) : (w & ~bit);
}

std::uint64_t EcaRing::population() const {
    std::uint64_t n = 0;
    for (std::uint64_t w : words_) n += static_cast<std::uint64_t>(std::popcount(w));
    return n;
}

void EcaRing::mask_padding() {
    if (words_.empty() || width_ % 64 == 0) return;
    words_.back() &= (std::uint64_t{1} << (width_ % 64)) - 1;
}

std::string EcaRing::to_string(char live, char dead) const {
    std::string s(static_cast<std::size_t>(width_), dead);
    for (std::int64_t x = 0; x < width_; ++x)
        if ((words_[static_cast<std::size_t>(x >> 6)] >> (x & 63)) & 1)
            s[static_cast<std::size_t>(x)] = live;
    return s;
}

EcaRing eca_initial_ring(std::int64_t width, std::string_view spec) {
    if (width < 1)
        throw InputError("--width " + std::to_string(width) +
                         " is invalid; expected at least 1 cell");
    if (spec == "center" || spec == "centre" || spec == "left" || spec == "right") {
        EcaRing ring(width);
        ring.set(spec == "left" ? 0 : spec == "right" ? width - 1 : width / 2, true);
        return ring;
    }
    if (spec.starts_with("random:")) {
        const std::string_view digits = spec.substr(7);
        std::uint64_t seed = 0;
        bool ok = !digits.empty() && digits.size() <= 20;
        for (char c : digits) {
            if (c < '0' || c > '9') ok = false;
            if (!ok) break;
            const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
            if (seed > (std::numeric_limits<std::uint64_t>::max() - d) / 10) ok = false;
            seed = seed * 10 + d;
        }
        if (!ok)
            throw InputError("--init \"" + std::string(spec) +
                             "\": the seed after \"random:\" must be a decimal integer 0..2^64-1");
        EcaRing ring(width);
        SplitMix64 generator{seed};
        for (auto& w : ring.words()) w = generator.next();
        ring.mask_padding();
        return ring;
    }
    const bool looks_binary =
        !spec.empty() && spec.find_first_not_of("01") == std::string_view::npos;
    if (!looks_binary && (spec.empty() || (spec[0] != '0' && spec[0] != '1')))
        throw InputError(
            "--init \"" + std::string(spec) +
            "\" is not understood; expected center, left, right, random:SEED or a string of " +
            std::to_string(width) + " characters 0 and 1");
    if (!looks_binary) {
        const std::size_t at = spec.find_first_not_of("01");
        throw InputError("--init bit string: character " + std::to_string(at + 1) + " is '" +
                         std::string(1, spec[at]) + "'; expected only 0 and 1");
    }
    if (static_cast<std::int64_t>(spec.size()) != width)
        throw InputError("--init bit string has " + std::to_string(spec.size()) +
                         " cells but --width is " + std::to_string(width) + "; expected exactly " +
                         std::to_string(width) + " characters 0 and 1");
    EcaRing ring(width);
    for (std::size_t x = 0; x < spec.size(); ++x)
        if (spec[x] == '1') ring.set(static_cast<std::int64_t>(x), true);
    return ring;
}

}  // namespace toroid
