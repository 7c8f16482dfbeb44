// Long runs: a run killed with SIGKILL and resumed from its last checkpoint
// gives exactly the result of an uninterrupted run; foreign checkpoints are
// refused.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "toroid/analysis/methuselah.hpp"
#include "toroid/error.hpp"
#include "toroid/io/checkpoint.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

Pattern library(const std::string& name) {
    return read_pattern_file(std::string(TOROID_SOURCE_DIR) + "/patterns/" + name + ".rle");
}

std::string temp_path(const std::string& stem) {
    return (std::filesystem::temp_directory_path() /
            (stem + "-" + std::to_string(::getpid()) + ".ckpt"))
        .string();
}

// Runs `pattern` until the progress callback first sees a generation at
// or past `stop` ("Ctrl-C"), writing the checkpoint to `path`.
MethuselahResult interrupted_run(const Pattern& p, const std::string& name, const std::string& path,
                                 std::uint64_t stop) {
    MethuselahOptions o;
    o.checkpoint_path = path;
    o.progress = [stop](const MethuselahProgress& pr) { return pr.generation < stop; };
    return analyse_methuselah(p.cells, name, Rule(), o);
}

TEST(MethuselahResume, SigkillThenResumeEqualsUninterrupted) {
    const Pattern p = library("rabbits");
    const MethuselahResult full = analyse_methuselah(p.cells, "rabbits", Rule(), {});
    ASSERT_TRUE(full.stabilised);

    const std::string path = temp_path("rabbits");
    std::filesystem::remove(path);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        // Slowed down (3 ms per 256 generations) so the parent kills it mid-run.
        MethuselahOptions o;
        o.checkpoint_path = path;
        o.checkpoint_every = 1000;
        o.progress = [](const MethuselahProgress&) {
            std::this_thread::sleep_for(std::chrono::milliseconds(3));
            return true;
        };
        analyse_methuselah(p.cells, "rabbits", Rule(), o);
        ::_exit(0);
    }
    // Wait for a checkpoint past generation 5000, then kill without warning.
    std::uint64_t at = 0;
    for (int i = 0; i < 3000 && at < 5000; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (std::filesystem::exists(path)) {
            try {
                at = load_checkpoint(path).generation;
            } catch (const InputError&) {
                at = 0;  // never happens: writes are atomic
                ADD_FAILURE() << "a half-written checkpoint was visible";
            }
        }
    }
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the child finished before it was killed";
    ASSERT_GE(at, 5000u);

    const std::uint64_t saved = load_checkpoint(path).generation;
    EXPECT_LT(saved, full.lifespan);
    MethuselahOptions o;
    o.resume_path = path;
    const MethuselahResult resumed = analyse_methuselah(p.cells, "rabbits", Rule(), o);
    EXPECT_EQ(resumed.lifespan, full.lifespan);
    EXPECT_EQ(resumed.final_population, full.final_population);
    EXPECT_EQ(resumed.period, full.period);
    EXPECT_EQ(resumed.ships, full.ships);
    EXPECT_EQ(resumed.generations_run, full.generations_run);
    EXPECT_EQ(resumed.debris, full.debris);
    EXPECT_EQ(resumed.population, full.population);
    std::filesystem::remove(path);
}

TEST(MethuselahResume, InterruptWritesACheckpoint) {
    const Pattern p = library("acorn");
    const std::string path = temp_path("acorn");
    const MethuselahResult stopped = interrupted_run(p, "acorn", path, 2000);  // at 2048
    EXPECT_TRUE(stopped.interrupted);
    EXPECT_FALSE(stopped.stabilised);
    EXPECT_EQ(load_checkpoint(path).generation, stopped.generations_run);
    MethuselahOptions r;
    r.resume_path = path;
    const MethuselahResult resumed = analyse_methuselah(p.cells, "acorn", Rule(), r);
    EXPECT_EQ(resumed.lifespan, 5206u);
    EXPECT_EQ(resumed.final_population, 633u);
    // The sweep schedule (longer intervals while no ship is in flight) is
    // part of the checkpoint: the resumed run is the uninterrupted one.
    const MethuselahResult full = analyse_methuselah(p.cells, "acorn", Rule(), {});
    EXPECT_EQ(resumed.generations_run, full.generations_run);
    EXPECT_EQ(resumed.population, full.population);
    std::filesystem::remove(path);
}

// Checkpoints of the first format (a sweep every 64 generations, a hash
// every generation, no fields after the last deletion) still resume, to the
// same answer; a next sweep off the 64-generation grid is damage.
TEST(MethuselahResume, FirstFormatCheckpointsStillResume) {
    const Pattern p = library("acorn");
    const std::string path = temp_path("acorn-v1");
    ASSERT_TRUE(interrupted_run(p, "acorn", path, 256).interrupted);
    Checkpoint cp = load_checkpoint(path);
    const std::string v2 = "toroid-methuselah-2", v1 = "toroid-methuselah-1";
    ASSERT_EQ(cp.metadata.compare(8, v2.size(), v2), 0);  // after its u64 length
    // Version 2's tail: next sweep, every_hash (0), k and k (generation,
    // hash) pairs; k is the one value 16k + 8 bytes from the end.
    auto u64_at = [&](std::size_t at) {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
            v |= std::uint64_t(std::uint8_t(cp.metadata[at + i])) << (8 * i);
        return v;
    };
    std::size_t tail = 0;
    for (std::size_t k = 0; 16 * k + 24 <= cp.metadata.size() && tail == 0; ++k)
        if (u64_at(cp.metadata.size() - 16 * k - 8) == k) tail = cp.metadata.size() - 16 * k - 24;
    ASSERT_GT(tail, 0u);
    ASSERT_EQ(u64_at(tail + 8), 0u);  // every_hash

    Checkpoint damaged = cp;
    damaged.metadata.replace(tail, 8, std::string("\x64\0\0\0\0\0\0\0", 8));  // next sweep 100
    save_checkpoint(path, damaged);
    MethuselahOptions r;
    r.resume_path = path;
    EXPECT_THROW(analyse_methuselah(p.cells, "acorn", Rule(), r), InputError);

    // As version 1: its histories held hashes, here signatures stand in for
    // them (a repeat across the two kinds is not seen; Acorn's state first
    // repeats long after generation 256).
    cp.metadata.replace(8, v1.size(), v1);
    cp.metadata.resize(tail);
    save_checkpoint(path, cp);
    const MethuselahResult resumed = analyse_methuselah(p.cells, "acorn", Rule(), r);
    EXPECT_TRUE(resumed.stabilised);
    EXPECT_EQ(resumed.lifespan, 5206u);
    EXPECT_EQ(resumed.final_population, 633u);
    EXPECT_EQ(resumed.ships, 13u);
    std::filesystem::remove(path);
}

TEST(MethuselahResume, RefusesAnotherPatternOrRule) {
    const Pattern acorn = library("acorn"), r = library("r-pentomino");
    const std::string path = temp_path("r");
    MethuselahOptions o;
    o.checkpoint_path = path;
    o.progress = [](const MethuselahProgress& pr) { return pr.generation < 500; };
    analyse_methuselah(r.cells, "r-pentomino", Rule(), o);
    MethuselahOptions again;
    again.resume_path = path;
    try {
        analyse_methuselah(acorn.cells, "acorn", Rule(), again);
        FAIL() << "resumed another pattern";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("r-pentomino"), std::string::npos) << e.what();
    }
    EXPECT_THROW(analyse_methuselah(r.cells, "r-pentomino", Rule::parse("B36/S23"), again),
                 InputError);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace toroid
