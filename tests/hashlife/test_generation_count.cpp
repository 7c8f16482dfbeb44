// parse_generation_count: exact large counts, and every malformed or
// out-of-range count refused with a message (never clamped).
#include <gtest/gtest.h>

#include "input_error_of.hpp"
#include "toroid/core/generation_count.hpp"

namespace toroid {
namespace {

using testing::input_error_of;

std::uint64_t parse(const char* text) {
    return parse_generation_count(text, "--gens");
}

TEST(GenerationCount, Decimals) {
    EXPECT_EQ(parse("0"), 0u);
    EXPECT_EQ(parse("100"), 100u);
    EXPECT_EQ(parse("1000000000000"), 1000000000000u);
    EXPECT_EQ(parse("18446744073709551615"), ~std::uint64_t(0));
    EXPECT_EQ(parse(" 42 "), 42u);
    EXPECT_EQ(parse("+7"), 7u);
    EXPECT_EQ(parse("1_000_000"), 1000000u);
    EXPECT_EQ(parse("1,000,000,000,000"), 1000000000000u);
}

TEST(GenerationCount, PowersProductsSums) {
    EXPECT_EQ(parse("10^15"), 1000000000000000u);
    EXPECT_EQ(parse("2^40"), std::uint64_t(1) << 40);
    EXPECT_EQ(parse("2^63"), std::uint64_t(1) << 63);
    EXPECT_EQ(parse("2^0"), 1u);
    EXPECT_EQ(parse("0^5"), 0u);
    EXPECT_EQ(parse("1^1000"), 1u);
    EXPECT_EQ(parse("3*2^40"), 3 * (std::uint64_t(1) << 40));
    EXPECT_EQ(parse("2^40+1"), (std::uint64_t(1) << 40) + 1);
    EXPECT_EQ(parse("2^40 + 2 * 3"), (std::uint64_t(1) << 40) + 6);
}

TEST(GenerationCount, ScientificNotation) {
    EXPECT_EQ(parse("1e12"), 1000000000000u);
    EXPECT_EQ(parse("3E9"), 3000000000u);
    EXPECT_EQ(parse("1.5e12"), 1500000000000u);
    EXPECT_EQ(parse("2.50e1"), 25u);
    EXPECT_EQ(parse("10.0"), 10u);
    EXPECT_EQ(parse("1e+3"), 1000u);
    EXPECT_EQ(parse("1.8446744073709551615e19"), ~std::uint64_t(0));
}

TEST(GenerationCount, OutOfRangeIsRefusedNeverClamped) {
    for (const char* text : {"18446744073709551616", "2^64", "10^400", "10^20", "1e20", "2^63*2",
                             "2^63+2^63", "99999999999999999999999"}) {
        const std::string e = input_error_of([&] { parse(text); });
        EXPECT_NE(e.find("larger than 2^64-1"), std::string::npos) << text << ": " << e;
        EXPECT_NE(e.find("--gens"), std::string::npos) << e;
    }
}

TEST(GenerationCount, NegativeAndMalformedAreRefused) {
    EXPECT_NE(input_error_of([] { parse("-5"); }).find("negative"), std::string::npos);
    EXPECT_NE(input_error_of([] { parse("2^-3"); }).find("negative"), std::string::npos);
    EXPECT_NE(input_error_of([] { parse("1e-3"); }).find("negative exponent"), std::string::npos);
    EXPECT_NE(input_error_of([] { parse("1.5"); }).find("not a whole number"), std::string::npos);
    EXPECT_NE(input_error_of([] { parse("2^40-1"); }).find("unexpected '-'"), std::string::npos);
    for (const char* text : {"", " ", "abc", "12x", "1e", "2^", "*3", "1,5", "1,0000", "0x10",
                             "1..2", "10 20", "--5"}) {
        const std::string e = input_error_of([&] { parse(text); });
        EXPECT_NE(e.find("expected a whole number of generations"), std::string::npos)
            << "'" << text << "': " << e;
    }
}

TEST(GenerationCount, Describes) {
    EXPECT_EQ(describe_generation_count(1000000000000000u), "1000000000000000 (10^15)");
    EXPECT_EQ(describe_generation_count(std::uint64_t(1) << 40), "1099511627776 (2^40)");
    EXPECT_EQ(describe_generation_count(12345), "12345");
    EXPECT_EQ(describe_generation_count(100), "100");
}

}  // namespace
}  // namespace toroid
