// Issue 21, the library side: the one JSON writer, the one number parser,
// input and output paths, rule index sets, strict sweep files and merges,
// octal checkpoints and the octal time budget, the memory check under
// limits. Each test checks what a fix guarantees against an independent
// oracle (a naive list, the plain definition, a recomputation).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "input_error_of.hpp"
#include "toroid/analysis/census.hpp"
#include "toroid/analysis/rule_index_set.hpp"
#include "toroid/analysis/sweep.hpp"
#include "toroid/analysis/sweep_file.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/generations.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/games/octal.hpp"
#include "toroid/games/octal_checkpoint.hpp"
#include "toroid/input_file.hpp"
#include "toroid/io/json_text.hpp"
#include "toroid/memory.hpp"
#include "toroid/output_file.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define TOROID_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TOROID_TEST_ASAN 1
#endif
#endif
#ifndef TOROID_TEST_ASAN
#define TOROID_TEST_ASAN 0
#endif

namespace toroid {
namespace {

namespace fs = std::filesystem;
using testing::input_error_of;

// A fresh folder per test, removed afterwards.
class Scratch {
  public:
    Scratch() {
        path_ = fs::path(::testing::TempDir()) /
                ("hardening_" + std::to_string(::getpid()) + "_" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~Scratch() { fs::remove_all(path_); }
    std::string operator/(const std::string& name) const { return (path_ / name).string(); }
    std::vector<std::string> files() const {
        std::vector<std::string> out;
        for (const auto& e : fs::directory_iterator(path_)) out.push_back(e.path().filename());
        return out;
    }

  private:
    fs::path path_;
};

void write(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

// --- JSON ---------------------------------------------------------------------

TEST(JsonText, EscapesOnlyTheBytesThatAreNotUtf8) {
    EXPECT_TRUE(is_utf8("plain ascii"));
    EXPECT_TRUE(is_utf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"));  // é € 😀
    EXPECT_FALSE(is_utf8("caf\xe9"));                                   // Latin-1 é
    EXPECT_FALSE(is_utf8("\xc0\xaf"));                                  // overlong '/'
    EXPECT_FALSE(is_utf8("\xed\xa0\x80"));                              // a surrogate
    EXPECT_FALSE(is_utf8("\xf4\x90\x80\x80"));                          // beyond U+10FFFF
    EXPECT_FALSE(is_utf8("\xe2\x82"));                                  // cut short
    EXPECT_EQ(utf8_escaped("bad\xffutf8.rle"), "bad\\xffutf8.rle");
    EXPECT_EQ(utf8_escaped("caf\xc3\xa9 caf\xe9"), "caf\xc3\xa9 caf\\xe9");

    nlohmann::json j{{"file", "p/bad\xffutf8.rle"}, {"ok", "caf\xc3\xa9"}, {"n", 3}};
    j["comments"] = {"\xe9t\xe9", "fine"};
    j["objects"] = {{"key\xfe", 1}};
    EXPECT_THROW((void)j.dump(), nlohmann::json::type_error);  // what the issue saw
    std::size_t escaped = 0;
    const std::string text = json_text(j, -1, &escaped);
    EXPECT_EQ(escaped, 3u);  // the file name, one comment, one key
    const nlohmann::json back = nlohmann::json::parse(text);
    EXPECT_EQ(back["file"], "p/bad\\xffutf8.rle");
    EXPECT_EQ(back["ok"], "caf\xc3\xa9");
    EXPECT_EQ(back["comments"][0], "\\xe9t\\xe9");
    EXPECT_EQ(back["objects"]["key\\xfe"], 1);
    EXPECT_EQ(back["n"], 3);
    // Valid JSON is written exactly as dump() writes it.
    const nlohmann::json fine{{"a", "caf\xc3\xa9"}, {"b", {1, 2}}};
    EXPECT_EQ(json_text(fine, 2, &escaped), fine.dump(2));
    EXPECT_EQ(escaped, 0u);
    nlohmann::ordered_json ordered{{"z", "x\xff"}, {"a", 1}};
    EXPECT_EQ(json_text(ordered), "{\"z\":\"x\\\\xff\",\"a\":1}");
}

// --- numbers on the command line ------------------------------------------------

// Parses `args` with one option `--n` of type T added by `add`; the value or
// the error text.
template <class T, class Add>
std::string parse_with(Add add, std::vector<std::string> args, T& value) {
    CLI::App app;
    add(app, value);
    frontend::check_number_options(app);
    std::vector<const char*> argv{"test"};
    for (const auto& a : args) argv.push_back(a.c_str());
    try {
        app.parse(int(argv.size()), const_cast<char**>(argv.data()));
    } catch (const CLI::ParseError& e) {
        return e.what();
    } catch (const InputError& e) {
        return e.what();
    }
    return "ok";
}

TEST(NumberOptions, WholeNumbersAreDecimalAndWithinTheirType) {
    auto plain = [](CLI::App& app, auto& v) { app.add_option("--n", v); };  // the walker checks it
    std::uint64_t u = 7;
    EXPECT_EQ(parse_with(plain, {"--n", "18446744073709551615"}, u), "ok");
    EXPECT_EQ(u, 18446744073709551615ull);
    EXPECT_EQ(parse_with(plain, {"--n", "010"}, u), "ok");
    EXPECT_EQ(u, 10u);  // decimal, not octal
    EXPECT_EQ(parse_with(plain, {"--n", "+5"}, u), "ok");
    EXPECT_EQ(u, 5u);
    EXPECT_EQ(parse_with(plain, {"--n", "-1"}, u),
              "--n: -1 is negative: expected a whole number from 0 to 18446744073709551615");
    EXPECT_EQ(parse_with(plain, {"--n", "18446744073709551616"}, u),
              "--n: 18446744073709551616 is out of range: expected a whole number from 0 to "
              "18446744073709551615");
    EXPECT_NE(parse_with(plain, {"--n", "0x10"}, u).find("is not a whole number"),
              std::string::npos);
    EXPECT_NE(parse_with(plain, {"--n", "1e3"}, u).find("is not a whole number"),
              std::string::npos);
    std::int64_t s = 0;
    EXPECT_EQ(parse_with(plain, {"--n", "-9223372036854775808"}, s), "ok");
    EXPECT_EQ(s, std::numeric_limits<std::int64_t>::min());
    EXPECT_NE(parse_with(plain, {"--n", "9223372036854775808"}, s).find("out of range"),
              std::string::npos);
    // A narrower type through add_number_option: its own range.
    int small = 0;
    auto typed = [](CLI::App& app, int& v) { frontend::add_number_option(app, "--n", v, ""); };
    EXPECT_EQ(parse_with(typed, {"--n", "2147483648"}, small),
              "--n: 2147483648 is out of range: expected a whole number from -2147483648 to "
              "2147483647");
    std::uint64_t bounded = 0;
    auto ranged = [](CLI::App& app, std::uint64_t& v) {
        frontend::add_number_option(app, "--n", v, "", std::uint64_t(1), std::uint64_t(9));
    };
    EXPECT_EQ(parse_with(ranged, {"--n", "0"}, bounded),
              "--n: 0 is out of range: expected a whole number from 1 to 9");
    EXPECT_EQ(parse_with(ranged, {"--n", "9"}, bounded), "ok");
}

TEST(NumberOptions, DecimalsAreFinite) {
    auto plain = [](CLI::App& app, auto& v) { app.add_option("--x", v); };
    double d = 0;
    EXPECT_EQ(parse_with(plain, {"--x", "0.25"}, d), "ok");
    EXPECT_EQ(d, 0.25);
    for (const char* bad : {"nan", "inf", "-inf", "1e999"})
        EXPECT_NE(parse_with(plain, {"--x", bad}, d).find("is not a finite number"),
                  std::string::npos)
            << bad;
    auto ranged = [](CLI::App& app, double& v) {
        frontend::add_number_option(app, "--x", v, "", 0.0, 1.0);
    };
    EXPECT_EQ(parse_with(ranged, {"--x", "1.5"}, d),
              "--x: 1.5 is out of range: expected a decimal number from 0 to 1");
}

TEST(Generations, OneParserWithTheEnginesRange) {
    using frontend::kMaxGenerations;
    using frontend::parse_generations;
    EXPECT_EQ(kMaxGenerations, 9223372036854775807ull);
    EXPECT_EQ(parse_generations("0", "--gens"), 0u);
    EXPECT_EQ(parse_generations("010", "--gens"), 10u);
    EXPECT_EQ(parse_generations("9223372036854775807", "--gens"), kMaxGenerations);
    EXPECT_EQ(input_error_of([] { parse_generations("9223372036854775808", "--gens"); }),
              "--gens 9223372036854775808 is too large: expected 0 to 9223372036854775807 "
              "generations (2^63 - 1, the engine's range)");
    EXPECT_NE(input_error_of([] {
                  parse_generations("99999999999999999999999", "--gens");
              }).find("is too large"),
              std::string::npos);
    EXPECT_NE(input_error_of([] { parse_generations("-1", "--gens"); }).find("is negative"),
              std::string::npos);
    EXPECT_NE(input_error_of([] { parse_generations("", "--gens"); }).find("not a whole number"),
              std::string::npos);
    EXPECT_EQ(input_error_of([] { parse_generations("0", "--max-gens", 1); }),
              "--max-gens 0 is too small: expected 1 to 9223372036854775807 generations (2^63 - "
              "1, the engine's range)");
    EXPECT_NE(
        input_error_of([] { parse_generations("1001", "--gens", 1, 1000); }).find("1 to 1000"),
        std::string::npos);
    // Bound to a narrower type, the type's range.
    CLI::App app;
    int g = 0;
    frontend::add_generations_option(app, "--gens", g, "");
    const char* argv[] = {"test", "--gens", "3000000000"};
    EXPECT_NE(input_error_of([&] {
                  app.parse(3, const_cast<char**>(argv));
              }).find("expected 0 to 2147483647 generations"),
              std::string::npos);
}

// --- input and output paths ------------------------------------------------------

TEST(InputFile, FifosAreRefusedWithoutWaiting) {
    Scratch dir;
    ASSERT_EQ(::mkfifo((dir / "p").c_str(), 0600), 0);
    // Without the fix, opening a FIFO with no writer blocks for ever.
    EXPECT_EQ(input_error_of([&] { read_input_file(dir / "p"); }),
              "cannot read '" + (dir / "p") +
                  "': it is a FIFO (named pipe), not a regular file (to read a pipe, give '-' "
                  "and redirect it to standard input)");
    EXPECT_NE(input_error_of([&] { read_input_file(dir / ""); }).find("Is a directory"),
              std::string::npos);
    EXPECT_NE(input_error_of([&] { read_input_file("/dev/zero"); }).find("a device"),
              std::string::npos);
    EXPECT_NE(
        input_error_of([&] { read_input_file(dir / "none"); }).find("No such file or directory"),
        std::string::npos);
    write(dir / "f", std::string("a\0b", 3));
    EXPECT_EQ(read_input_file(dir / "f"), std::string("a\0b", 3));
}

TEST(OutputFile, CheckedAsTheAtomicWriteWillWrite) {
    Scratch dir;
    EXPECT_NO_THROW(check_output_file(dir / "new.csv", "--csv"));
    write(dir / "old.csv", "x");
    EXPECT_NO_THROW(check_output_file(dir / "old.csv", "--csv"));
    std::vector<std::string> left = dir.files();
    EXPECT_EQ(left, std::vector<std::string>{"old.csv"});  // nothing created, nothing truncated
    EXPECT_EQ(read_input_file(dir / "old.csv"), "x");
    EXPECT_EQ(input_error_of([&] { check_output_file(dir / "no/x.csv", "--csv"); }),
              "--csv '" + (dir / "no/x.csv") + "' cannot be written: folder '" + (dir / "no") +
                  "' does not exist");
    fs::create_directory(dir / "d");
    EXPECT_NE(input_error_of([&] { check_output_file(dir / "d", "--out"); }).find("it is a folder"),
              std::string::npos);
    ASSERT_EQ(::mkfifo((dir / "p").c_str(), 0600), 0);
    EXPECT_NE(input_error_of([&] {
                  check_output_file(dir / "p", "--out");
              }).find("it is a FIFO (named pipe), not a regular file"),
              std::string::npos);
    EXPECT_NE(input_error_of([&] {
                  check_output_file(dir / "old.csv/x", "--out");
              }).find("is not a folder"),
              std::string::npos);
    EXPECT_NE(input_error_of([&] { check_output_file("/dev/null", "--csv"); }).find("a device"),
              std::string::npos);
    EXPECT_NE(input_error_of([&] { check_output_file("", "--csv"); }).find("is empty"),
              std::string::npos);
}

// --- memory ---------------------------------------------------------------------

TEST(Memory, AddressSpaceLimitIsTheBudget) {
#if TOROID_TEST_ASAN
    GTEST_SKIP() << "AddressSanitizer maps more than any ulimit -v allows";
#endif
    // In a child: RLIMIT_AS of the current size + 512 MiB.
    EXPECT_EXIT(
        {
            rlimit limit{};
            std::ifstream status("/proc/self/status");
            std::string line;
            std::uint64_t vm = 0;
            while (std::getline(status, line))
                if (line.rfind("VmSize:", 0) == 0) vm = std::stoull(line.substr(7)) * 1024;
            limit.rlim_cur = limit.rlim_max = vm + (512ull << 20);
            if (setrlimit(RLIMIT_AS, &limit) != 0) std::_Exit(3);
            const HostMemory m = host_memory();
            if (m.bytes > (512ull << 20) || m.limit.find("ulimit -v") == std::string::npos)
                std::_Exit(4);
            const std::string why = input_error_of([] {
                check_host_memory({1.0 * (1ull << 30), "a thing", "", "use less"});
            });
            std::_Exit(
                why.find("(under the address-space limit ulimit -v") != std::string::npos ? 0 : 5);
        },
        ::testing::ExitedWithCode(0), "");
}

// --- rule index sets ------------------------------------------------------------

TEST(RuleIndexSet, MatchesTheListItStandsFor) {
    std::mt19937_64 rng(21);
    for (int trial = 0; trial < 200; ++trial) {
        const std::uint64_t size = rng() % 200, shards = 1 + rng() % 7, shard = rng() % shards;
        std::vector<std::uint64_t> naive;
        for (std::uint64_t i = shard; i < size; i += shards) naive.push_back(i);
        RuleIndexSet set = RuleIndexSet::shard_of(size, shard, shards);
        std::vector<std::uint64_t> done;
        for (int k = 0; k < int(rng() % 30); ++k) done.push_back(rng() % (size + 5));
        set.leave_out(done);
        std::erase_if(naive, [&](std::uint64_t i) {
            return std::find(done.begin(), done.end(), i) != done.end();
        });
        ASSERT_EQ(set.size(), naive.size());
        for (std::uint64_t k = 0; k < naive.size(); ++k) ASSERT_EQ(set.at(k), naive[k]);
    }
    // 10^12 rules cost nothing; an empty shard is empty.
    const RuleIndexSet huge = RuleIndexSet::shard_of(1'000'000'000'000ull, 3, 4);
    EXPECT_EQ(huge.size(), 250'000'000'000ull);
    EXPECT_EQ(huge.at(249'999'999'999ull), 999'999'999'999ull);
    EXPECT_TRUE(RuleIndexSet::shard_of(2, 2, 3).empty());
}

// --- sweep files ----------------------------------------------------------------

RuleCensus census(std::uint64_t index) {
    RuleCensus c;
    c.rule = "B3/S23";
    c.rule_index = index;
    c.soups = 3;
    c.classes = {1, 1, 0, 0, 1};
    c.periods[2] = 1;
    c.objects["xp2_7"] = 2;
    return c;
}

std::string sweep_text(std::uint64_t rules, const std::string& shard,
                       const std::vector<std::uint64_t>& indices) {
    SweepHeader h{"F", nlohmann::json{{"rules", rules}, {"family", "F"}}, shard};
    std::string text = header_line(h) + "\n";
    for (auto i : indices) text += json_text(to_json(census(i))) + "\n";
    return text;
}

TEST(SweepFile, CensusFieldsAreReadStrictly) {
    const nlohmann::json good = to_json(census(5));
    EXPECT_EQ(to_json(census_from_json(good)), good);  // round trip
    auto with = [&](const std::string& pointer, nlohmann::json v) {
        nlohmann::json j = good;
        j[nlohmann::json::json_pointer(pointer)] = std::move(v);
        return input_error_of([&] { census_from_json(j); });
    };
    EXPECT_EQ(with("/classes/dies", -3),
              "field 'classes.dies' is -3: expected a whole number 0 or more (counts are never "
              "negative)");
    EXPECT_EQ(with("/soups", "3"),
              "field 'soups' is \"3\" (string): expected a whole number 0 or more");
    EXPECT_EQ(with("/rule", 3), "field 'rule' is 3 (number): expected a string");
    EXPECT_EQ(with("/stabilisation_gens/max", 1.5),
              "field 'stabilisation_gens.max' is 1.5 (number): expected a whole number 0 or more");
    EXPECT_EQ(with("/periods/abc", 1),
              "field 'periods.abc': the key is not a period (expected a whole number 1 or more)");
    EXPECT_EQ(with("/periods/99999999999999999999", 1),
              "field 'periods.99999999999999999999': the key is not a period (expected a whole "
              "number 1 or more)");
    EXPECT_EQ(with("/classes/stable", 2),
              "fields 'classes.*' add up to 4 soups: expected the 3 of field 'soups'");
    nlohmann::json missing = good;
    missing.erase("rule_index");
    EXPECT_EQ(input_error_of([&] { census_from_json(missing); }), "field 'rule_index' is missing");
}

TEST(SweepFile, LinesAreCheckedAgainstTheHeader) {
    EXPECT_NO_THROW(parse_sweep_file(sweep_text(4, "1/2", {1, 3}), "f"));
    EXPECT_EQ(input_error_of([] { parse_sweep_file(sweep_text(4, "0/1", {7}), "f"); }),
              "f:2: field 'rule_index' is 7: outside the family of 4 rules (indices 0 to 3)");
    EXPECT_EQ(input_error_of([] {
                  parse_sweep_file(sweep_text(4, "1/2", {1, 2}), "f");
              }),
              "f:3: field 'rule_index' is 2: not a rule of shard 1/2 named in the header "
              "(indices i, i + N, ...)");
    EXPECT_EQ(input_error_of([] { parse_sweep_file(sweep_text(4, "2/2", {}), "f"); }),
              "f:1: field 'shard': --shard '2/2' is out of range: expected 0 <= i < N, N >= 1");
    // A partial last line is dropped, not an error (a killed run).
    const std::string text = sweep_text(4, "0/1", {0, 1});
    const SweepFile cut = parse_sweep_file(text.substr(0, text.size() - 5), "f");
    EXPECT_EQ(cut.rules.size(), 1u);
    EXPECT_GT(cut.dropped_bytes, 0u);
}

TEST(SweepFile, MergeNamesTheRulesNoFileHolds) {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 50; ++trial) {
        const std::uint64_t rules = 1 + rng() % 40, shards = 1 + rng() % 4;
        std::vector<SweepFile> files;
        std::set<std::uint64_t> present;
        for (std::uint64_t s = 0; s < shards; ++s) {
            std::vector<std::uint64_t> mine;
            for (std::uint64_t i = s; i < rules; i += shards)
                if (rng() % 3) mine.push_back(i), present.insert(i);
            files.push_back(parse_sweep_file(
                sweep_text(rules, std::to_string(s) + "/" + std::to_string(shards), mine), "f"));
        }
        const SweepMerge m = merge_sweeps(files, std::vector<std::string>(shards, "f"));
        std::vector<std::uint64_t> missing;
        for (std::uint64_t i = 0; i < rules; ++i)
            if (!present.count(i)) missing.push_back(i);
        ASSERT_EQ(m.missing, missing.size());
        missing.resize(std::min<std::size_t>(missing.size(), 20));
        ASSERT_EQ(m.first_missing, missing);
        ASSERT_EQ(m.file.rules.size(), present.size());
    }
}

TEST(Sweep, PlanRefusesABatchThatCannotFit) {
    SweepOptions o;
    o.soup.soup_width = 16;
    o.soup.soup_height = 16;
    o.soup.density = 0.5;
    o.soup.torus_width = 256;
    o.soup.torus_height = 256;
    o.soup.max_gens = 4000;
    o.soup.seed = 1;
    o.soups = 1;
    o.backend = "cpu";
    o.batch = 1'000'000'000'000ull;
    const std::string why = input_error_of([&] { plan_sweep(o); });
    EXPECT_NE(why.find("a sweep of soups on a 256x256 torus needs"), std::string::npos) << why;
    EXPECT_NE(why.find("give a smaller --batch"), std::string::npos) << why;
    o.batch = 0;  // the backend's choice: fits (halved if need be)
    EXPECT_GE(plan_sweep(o).batch, 1u);
}

// --- octal checkpoints and the budget ---------------------------------------------

std::string bytes_of(const std::string& path) {
    return read_input_file(path);
}

TEST(OctalCheckpoint, RealSequencesReadBackAndEditsAreRefused) {
    Scratch dir;
    // The value bound must hold for real games (else good checkpoints would
    // be refused): the definition's values of many codes read back.
    for (const char* code : {"0.07", "0.77", "0.137", "0.16", "4.0", "0.6", "0.007", "0.376",
                             "0.14", "0.244", "0.7777", "0.51", "0.04"}) {
        const games::OctalGame game = games::OctalGame::parse(code);
        const std::vector<std::uint32_t> g = games::octal_grundy_naive(game, 600);
        games::write_octal_checkpoint(dir / "c", game.code(), g);
        EXPECT_EQ(games::read_octal_checkpoint(dir / "c", game.code()), g) << code;
    }
    const games::OctalGame game = games::OctalGame::parse("0.16");
    const auto g = games::octal_grundy_naive(game, 600);
    games::write_octal_checkpoint(dir / "c", game.code(), g);
    const std::string good = bytes_of(dir / "c");
    const std::size_t values = good.find('\n') + 1;
    // One value changed: the checksum refuses it.
    std::string edited = good;
    edited[values + 4 * 300] ^= 1;
    write(dir / "e", edited);
    EXPECT_NE(input_error_of([&] {
                  games::read_octal_checkpoint(dir / "e", "0.16");
              }).find("is damaged: its checksum does not match"),
              std::string::npos);
    write(dir / "t", good.substr(0, good.size() - 1));
    EXPECT_NE(input_error_of([&] {
                  games::read_octal_checkpoint(dir / "t", "0.16");
              }).find("is truncated"),
              std::string::npos);
    std::string newer = good;
    newer.replace(newer.find(" 2 "), 3, " 3 ");
    write(dir / "n", newer);
    EXPECT_NE(input_error_of([&] {
                  games::read_octal_checkpoint(dir / "n", "0.16");
              }).find("version 3, written by a newer toroid"),
              std::string::npos);
    EXPECT_NE(input_error_of([&] {
                  games::read_octal_checkpoint(dir / "c", "0.77");
              }).find("holds octal game 0.16, not 0.77"),
              std::string::npos);
    // Version 1 (no checksum) is still read, with the value bound.
    std::string v1 =
        "toroid-octal-checkpoint 1 0.16 600\n" + good.substr(values, good.size() - values - 8);
    write(dir / "v1", v1);
    EXPECT_EQ(games::read_octal_checkpoint(dir / "v1", "0.16"), g);
    v1[values + 4 * 300 + 3] = '\x7f';  // g(300) = about 2^31
    write(dir / "v1bad", v1);
    EXPECT_NE(input_error_of([&] {
                  games::read_octal_checkpoint(dir / "v1bad", "0.16");
              }).find("g(300) = "),
              std::string::npos);
}

TEST(OctalBudget, ASpentBudgetStopsWithTheExactPrefixAndACheckpoint) {
    const games::OctalGame game = games::OctalGame::parse("0.244");
    games::OctalRunOptions o;
    o.max_seconds = 1e-9;  // spent at the first poll
    std::vector<std::uint32_t> saved;
    o.checkpoint = [&](std::span<const std::uint32_t> g) { saved.assign(g.begin(), g.end()); };
    const games::OctalSequence s = games::octal_grundy(game, 1'000'000, o);  // no refusal
    ASSERT_TRUE(s.stopped);
    EXPECT_TRUE(s.budget_spent);
    ASSERT_GT(s.g.size(), 1000u);
    EXPECT_EQ(saved, s.g);
    EXPECT_EQ(s.g, games::octal_grundy_naive(game, s.g.size() - 1));
}

}  // namespace
}  // namespace toroid
