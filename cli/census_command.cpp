// toroid census RULE --soups N --root ROOT: apgsearch's census of
// Catagolue's soups (analysis/soup_census.hpp, analysis/haul.hpp).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <limits>
#include <mutex>
#include <random>
#include <thread>

#include "command.hpp"
#include "toroid/analysis/haul.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/core/hashsoup.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/generations.hpp"
#include "toroid/frontend/json_output.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/frontend/progress_line.hpp"
#include "toroid/frontend/run_options.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/output_file.hpp"
#include "toroid/usable_cores.hpp"

namespace toroid::cli {
namespace {

constexpr const char* kHaulVersion = "toroid-census-0.1";

struct CensusCliOptions {
    std::string rule = "B3/S23";
    std::uint64_t soups = 1000;
    std::uint64_t first = 0;
    std::string root;
    std::string symmetry = "C1";
    std::uint64_t max_gens = 30000;
    frontend::RunOptions run;  // --threads
    bool json = false;
    std::string textcensus, haul;
};

// apgsearch's roots: "k_" and 12 letters and digits.
std::string random_root() {
    static const char* chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::random_device rd;
    std::string root = "k_";
    for (int i = 0; i < 12; ++i) root += chars[rd() % 62];
    return root;
}

// Merges `b` (soups of other indices) into `a`; samples stay the first ones.
void merge_tally(CensusTally& a, const CensusTally& b) {
    a.soups += b.soups;
    a.unsettled += b.unsettled;
    a.generations += b.generations;
    a.times += b.times;
    for (const auto& [code, n] : b.objects) a.objects[code] += n;
    for (const auto& [code, list] : b.samples) {
        auto& mine = a.samples[code];
        mine.insert(mine.end(), list.begin(), list.end());
        std::sort(mine.begin(), mine.end());
        if (mine.size() > CensusTally::kSamples) mine.resize(CensusTally::kSamples);
    }
}

void print_table(const CensusTally& t, std::uint64_t first) {
    const double cpu = t.times.step + t.times.stabilise + t.times.classify;
    std::printf("census %s/%s, soups %s%llu..%s%llu: %llu soups, %llu objects, %llu unsettled\n",
                t.rule.c_str(), t.symmetry.c_str(), t.root.c_str(), (unsigned long long)first,
                t.root.c_str(), (unsigned long long)(first + t.soups - 1),
                (unsigned long long)t.soups, (unsigned long long)t.total_objects(),
                (unsigned long long)t.unsettled);
    std::printf(
        "%.2f s, %.1f soups/s; CPU time: stepping %.0f%%, stabilisation %.0f%%, "
        "classification %.0f%%\n",
        t.seconds, t.seconds > 0 ? double(t.soups) / t.seconds : 0.0,
        cpu > 0 ? 100 * t.times.step / cpu : 0.0, cpu > 0 ? 100 * t.times.stabilise / cpu : 0.0,
        cpu > 0 ? 100 * t.times.classify / cpu : 0.0);
    std::printf("%12s %10s  %s\n", "count", "per soup", "apgcode");
    for (const auto& [code, n] : t.by_count())
        std::printf("%12llu %10.4f  %s\n", (unsigned long long)n, double(n) / double(t.soups),
                    code.c_str());
}

void census(CensusCliOptions o) {
    const Rule rule = Rule::parse(o.rule);
    if (o.root.empty()) o.root = random_root();
    if (o.root.find_first_of(" \t\n/") != std::string::npos)
        throw InputError("--root '" + o.root +
                         "': a root has no spaces or slashes (e.g. k_abcdefghijkl)");
    if (!is_hashsoup_symmetry(o.symmetry)) hashsoup("", o.symmetry);  // names the known ones
    if (o.soups > std::numeric_limits<std::uint64_t>::max() - o.first)
        throw InputError("--first + --soups overflows: expected a smaller range of soups");
    if (!o.textcensus.empty()) check_output_file(o.textcensus, "--textcensus");
    if (!o.haul.empty()) check_output_file(o.haul, "--haul");
    CensusOptions co;
    co.symmetry = o.symmetry;
    co.max_generations = o.max_gens;
    SoupCensusRunner probe(rule, co);  // InputError for rules the census cannot run

    const unsigned threads = unsigned(std::max<std::uint64_t>(
        1, std::min<std::uint64_t>(
               o.run.threads > 0 ? unsigned(o.run.threads) : unsigned(usable_cores()), o.soups)));
    // Soups are handed out in chunks in index order; each thread tallies its
    // own (in increasing index order, so its samples are its first ones).
    constexpr std::uint64_t kChunk = 16;
    std::atomic<std::uint64_t> next{0}, done{0};
    std::vector<CensusTally> tallies(threads);
    std::mutex error_lock;
    std::exception_ptr error;
    const auto start = std::chrono::steady_clock::now();
    auto worker = [&](unsigned k) {
        try {
            SoupCensusRunner runner(rule, co);
            for (;;) {
                const std::uint64_t c = next.fetch_add(kChunk);
                if (c >= o.soups) break;
                for (std::uint64_t i = c; i < std::min(o.soups, c + kChunk); ++i) {
                    const std::uint64_t index = o.first + i;
                    tallies[k].add(index, runner.run(soup_seed_text(o.root, index)));
                    done.fetch_add(1);
                }
            }
        } catch (...) {
            std::lock_guard<std::mutex> lock(error_lock);
            if (!error) error = std::current_exception();
            next.store(o.soups);
        }
    };
    std::vector<std::thread> pool;
    for (unsigned k = 0; k < threads; ++k) pool.emplace_back(worker, k);
    {
        frontend::ProgressLine progress;
        // Workers stop early on an error (next jumps to the end).
        while (done.load() < o.soups) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            std::lock_guard<std::mutex> lock(error_lock);
            if (error) break;
            if (progress.enabled() && progress.due(0.5))
                progress.show("census: " + std::to_string(done.load()) + "/" +
                              std::to_string(o.soups) + " soups");
        }
    }
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);

    CensusTally total;
    total.rule = catagolue_rule(rule);
    total.symmetry = o.symmetry;
    total.root = o.root;
    for (const auto& t : tallies) merge_tally(total, t);
    total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!o.textcensus.empty()) write_file_atomic(o.textcensus, textcensus(total));
    if (!o.haul.empty()) write_file_atomic(o.haul, haul_text(total, kHaulVersion));
    if (o.json) {
        nlohmann::json j = to_json(total);
        j["first"] = o.first;
        j["threads"] = threads;
        frontend::print_json(j);
        return;
    }
    print_table(total, o.first);
}

}  // namespace

void add_census_command(CLI::App& app) {
    auto o = std::make_shared<CensusCliOptions>();
    CLI::App* cmd = app.add_subcommand(
        "census", "apgsearch's census: Catagolue's SHA-256 soups run, separated and counted");
    cmd->add_option("RULE", o->rule, "Rule (B3/S23, isotropic, ...)")->capture_default_str();
    frontend::add_number_option(*cmd, "--soups", o->soups, "Number of soups", std::uint64_t(1),
                                std::numeric_limits<std::uint64_t>::max())
        ->capture_default_str();
    frontend::add_number_option(*cmd, "--first", o->first,
                                "Index of the first soup (soup i is ROOT followed by i)")
        ->capture_default_str();
    cmd->add_option("--root", o->root,
                    "Root of the soup seeds, e.g. k_abcdefghijkl (default: a random k_ root)");
    cmd->add_option("--symmetry", o->symmetry,
                    "C1, C2_1, C2_2, C2_4, C4_1, C4_4, D2_+1, D2_+2, D2_x, D4_+1, D4_+2, D4_+4, "
                    "D4_x1, D4_x4, D8_1, D8_4, 1x256, 2x128, 4x64 or 8x32")
        ->capture_default_str();
    frontend::add_generations_option(*cmd, "--max-gens", o->max_gens,
                                     "Generations before a soup is coded zz_LINEAR/zz_EXPLOSIVE", 1)
        ->capture_default_str();
    frontend::RunOptionsSpec run;
    run.backend = frontend::RunOptionsSpec::Backend::None;
    run.seed = false;
    frontend::add_run_options(*cmd, o->run, run);
    cmd->add_flag("--json", o->json, "Print the census as JSON");
    cmd->add_option("--textcensus", o->textcensus,
                    "Also write Catagolue's textcensus CSV (\"apgcode\",\"occurrences\") to FILE");
    cmd->add_option("--haul", o->haul, "Also write apgsearch's haul text to FILE");
    cmd->callback([o] { census(*o); });
}

}  // namespace toroid::cli
