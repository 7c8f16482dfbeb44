// toroid census RULE --soups N --root ROOT: apgsearch's census of
// Catagolue's soups (analysis/soup_census.hpp, analysis/haul.hpp).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "cluster/cluster.hpp"
#include "command.hpp"
#include "toroid/analysis/census_file.hpp"
#include "toroid/analysis/census_run.hpp"
#include "toroid/analysis/haul.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/analysis/sweep_file.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/hashsoup.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/generations.hpp"
#include "toroid/frontend/json_output.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/frontend/progress_line.hpp"
#include "toroid/frontend/run_options.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/io/json_text.hpp"
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
    std::uint64_t max_gens = CensusOptions{}.max_generations;
    frontend::RunOptions run;  // --threads
    bool json = false;
    std::string textcensus, haul;
    std::string out, shard;
    std::uint64_t block = 0;  // 0: default_block(soups)
    std::string batch = "none";
    std::uint64_t torus = 0;  // 0: 256, or 1024 with --batch
    bool resume = false, partial = false;
    std::vector<std::string> merge_files;
};

// apgsearch's roots: "k_" and 12 letters and digits.
std::string random_root() {
    static const char* chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::random_device rd;
    std::string root = "k_";
    for (int i = 0; i < 12; ++i) root += chars[rd() % 62];
    return root;
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

// The census's block size when --block is not given: about 64 blocks, each
// of 16 to 1000 soups (a function of --soups alone, so that --resume with
// other --threads finds the same blocks).
std::uint64_t default_block(std::uint64_t soups) {
    return std::clamp<std::uint64_t>(soups / 64, 16, 1000);
}

void write_results(const CensusCliOptions& o, CensusTally& total, std::uint64_t first,
                   unsigned threads, const BatchBackend* batch = nullptr) {
    if (!o.textcensus.empty()) write_file_atomic(o.textcensus, textcensus(total));
    if (!o.haul.empty()) write_file_atomic(o.haul, haul_text(total, kHaulVersion));
    if (o.json) {
        nlohmann::json j = to_json(total);
        j["first"] = first;
        if (threads) j["threads"] = threads;
        if (threads) j["batch"] = batch ? batch->name() : "none";
        frontend::print_json(j);
        return;
    }
    print_table(total, first);
}

void census(CensusCliOptions o) {
    const Rule rule = Rule::parse(o.rule);
    if (o.root.empty()) {
        if (o.resume) throw InputError("--resume needs the --root of the census to continue");
        o.root = random_root();
    }
    if (o.root.find_first_of(" \t\n/") != std::string::npos)
        throw InputError("--root '" + o.root +
                         "': a root has no spaces or slashes (e.g. k_abcdefghijkl)");
    if (!is_hashsoup_symmetry(o.symmetry)) hashsoup("", o.symmetry);  // names the known ones
    if (o.soups > std::numeric_limits<std::uint64_t>::max() - o.first)
        throw InputError("--first + --soups overflows: expected a smaller range of soups");
    if (o.resume && o.out.empty())
        throw InputError("--resume needs --out FILE (the file to resume)");
    if (!o.textcensus.empty()) check_output_file(o.textcensus, "--textcensus");
    if (!o.haul.empty()) check_output_file(o.haul, "--haul");
    CensusOptions co;
    co.symmetry = o.symmetry;
    co.max_generations = o.max_gens;
    std::unique_ptr<BatchBackend> batch;
    if (o.batch == "auto") {
        // The device where there is one; the CPU batch backend steps a
        // census's tori more slowly than its runners step them alone.
        try {
            batch = create_batch_backend("cuda");
        } catch (const InputError&) {
        }
    } else if (o.batch != "none") {
        batch = create_batch_backend(o.batch);  // InputError: unknown, unusable
    }
    // A first torus of 1024 keeps most soups on it until they settle, so a
    // batch steps most of their generations (256 is cheaper without one).
    co.torus = std::int64_t(o.torus ? o.torus : batch ? 1024 : 256);
    if (co.torus < 256 || co.torus > co.max_torus || (co.torus & (co.torus - 1)) != 0)
        throw InputError("--torus " + std::to_string(co.torus) +
                         ": expected a power of two from 256 to " + std::to_string(co.max_torus));
    SoupCensusRunner probe(rule, co);  // InputError for rules the census cannot run
    if (batch && !probe.replays_records())
        throw InputError("--batch " + o.batch + ": rule " + o.rule +
                         " has more than two states, is random or has birth on 0; its soups run "
                         "one by one (drop --batch)");

    Cluster cluster = Cluster::from_environment();
    const auto [shard_i, shard_n] = cluster.shard(o.shard, o.out);
    if (!o.out.empty()) check_output_file(o.out, "--out");
    CensusFileHeader header;
    header.rule = catagolue_rule(rule);
    header.symmetry = o.symmetry;
    header.root = o.root;
    header.first = o.first;
    header.soups = o.soups;
    header.block = o.block ? o.block : default_block(o.soups);
    header.max_gens = o.max_gens;
    header.torus = std::uint64_t(co.torus);
    header.shard = std::to_string(shard_i) + "/" + std::to_string(shard_n);

    std::map<std::uint64_t, CensusTally> done;
    std::uint64_t keep = 0;
    if (o.resume) {
        CensusFile f = read_census_file(o.out);
        if (f.header.json() != header.json())
            throw InputError("--resume: " + o.out + " was written by another census (" +
                             json_text(f.header.json()) +
                             "); run with the same rule, root, soups and options, or without "
                             "--resume");
        done = std::move(f.blocks);
        keep = f.valid_bytes;
        if (f.dropped_bytes)
            std::fprintf(stderr, "resume: dropped a partial last line (%llu bytes) of %s\n",
                         (unsigned long long)f.dropped_bytes, o.out.c_str());
    }
    std::vector<std::uint64_t> blocks;
    std::uint64_t todo = 0;
    for (std::uint64_t b = shard_i; b < header.blocks(); b += shard_n)
        if (!done.count(b)) {
            blocks.push_back(b);
            todo += header.block_soups(b);
        }
    std::unique_ptr<CensusWriter> writer;
    if (!o.out.empty()) writer = std::make_unique<CensusWriter>(o.out, header, o.resume, keep);

    const unsigned threads = unsigned(std::max<std::uint64_t>(
        1, std::min<std::uint64_t>(
               o.run.threads > 0 ? unsigned(o.run.threads) : unsigned(usable_cores()),
               std::max<std::uint64_t>(1, blocks.size()))));
    std::atomic<std::uint64_t> soups_done{0};
    std::atomic<bool> finished{false};
    const auto start = std::chrono::steady_clock::now();
    std::thread progress_thread([&] {
        frontend::ProgressLine progress(frontend::stderr_is_terminal() && cluster.rank() == 0);
        while (!finished.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            if (progress.enabled() && progress.due(0.5))
                progress.show("census: " + std::to_string(soups_done.load()) + "/" +
                              std::to_string(todo) + " soups");
        }
    });
    try {
        run_census_blocks(
            rule, co, header, blocks, threads,
            [&](std::uint64_t b, std::uint64_t first, const CensusTally& t) {
                if (writer) writer->append(b, first, t);
                done[b] = t;
            },
            &soups_done, batch.get());
    } catch (...) {
        finished = true;
        progress_thread.join();
        throw;
    }
    finished = true;
    progress_thread.join();
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    if (cluster.size() > 1) {
        // Rank 0 adds up every rank's blocks (each line checked as a file's).
        std::string mine;
        for (const auto& [b, t] : done)
            mine += json_text(census_block_json(b, header.block_first(b), t)) + "\n";
        const std::vector<std::string> all = cluster.gather(mine);
        seconds = cluster.max(seconds);
        if (cluster.rank() != 0) return;
        done.clear();
        for (const std::string& text : all)
            for (std::size_t pos = 0; pos < text.size();) {
                const std::size_t end = text.find('\n', pos);
                std::uint64_t b = 0, first = 0;
                CensusTally t = census_block_from_json(
                    nlohmann::json::parse(text.substr(pos, end - pos)), b, first);
                done[b] = std::move(t);
                pos = end + 1;
            }
    }
    CensusTally total;
    total.rule = header.rule;
    total.symmetry = header.symmetry;
    total.root = header.root;
    for (const auto& [b, t] : done) total.merge(t);
    total.seconds = seconds;
    write_results(o, total, o.first, threads, batch.get());
}

// toroid census merge FILES: the blocks of shards' (or ranks') files added up.
void merge(const CensusCliOptions& o) {
    if (!o.textcensus.empty()) check_output_file(o.textcensus, "--textcensus");
    if (!o.haul.empty()) check_output_file(o.haul, "--haul");
    std::optional<CensusFileHeader> header;
    std::map<std::uint64_t, CensusTally> blocks;
    for (const std::string& path : o.merge_files) {
        CensusFile f = read_census_file(path);
        CensusFileHeader h = f.header;
        h.shard = "0/1";
        if (!header) {
            header = h;
        } else if (h.json() != header->json()) {
            throw InputError(path + " is another census than " + o.merge_files[0] + " (" +
                             json_text(h.json()) + " vs " + json_text(header->json()) + ")");
        }
        for (auto& [b, t] : f.blocks) {
            const auto [it, fresh] = blocks.emplace(b, t);
            if (!fresh && census_block_json(b, 0, it->second) != census_block_json(b, 0, t))
                throw InputError(path + ": block " + std::to_string(b) +
                                 " appears in two files with different results");
        }
    }
    std::uint64_t missing = 0;
    for (std::uint64_t b = 0; b < header->blocks(); ++b) missing += !blocks.count(b);
    if (missing && !o.partial)
        throw InputError(std::to_string(missing) + " of the census's " +
                         std::to_string(header->blocks()) +
                         " blocks are in no file (pass --partial to add up the others)");
    if (missing)
        std::fprintf(stderr, "note: %llu of %llu blocks missing\n", (unsigned long long)missing,
                     (unsigned long long)header->blocks());
    CensusTally total;
    total.rule = header->rule;
    total.symmetry = header->symmetry;
    total.root = header->root;
    for (const auto& [b, t] : blocks) total.merge(t);
    write_results(o, total, header->first, 0);
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
    cmd->add_option(
           "--symmetry", o->symmetry,
           "C1, C2_1, C2_2, C2_4, C4_1, C4_4, D2_+1, D2_+2, D2_x, D4_+1, D4_+2, D4_+4, "
           "D4_x1, D4_x4, D8_1, D8_4, 1x256, 2x128, 4x64, 8x32; hexagonal rules: C3_1, C6, "
           "D2_xo, D6_1, D6_1o, D12")
        ->capture_default_str();
    frontend::add_generations_option(
        *cmd, "--max-gens", o->max_gens,
        "Generations before an unsettled soup is coded (yl, zz_..., PATHOLOGICAL)", 1)
        ->capture_default_str();
    frontend::RunOptionsSpec run;
    run.backend = frontend::RunOptionsSpec::Backend::None;
    run.seed = false;
    frontend::add_run_options(*cmd, o->run, run);
    cmd->add_flag("--json", o->json, "Print the census as JSON");
    cmd->add_option("--textcensus", o->textcensus,
                    "Also write Catagolue's textcensus CSV (\"apgcode\",\"occurrences\") to FILE");
    cmd->add_option("--haul", o->haul, "Also write apgsearch's haul text to FILE");
    cmd->add_option("--out", o->out,
                    "Append each finished block of soups to FILE (JSON lines), resumable");
    cmd->add_flag("--resume", o->resume, "Continue the census in --out FILE, skipping its blocks");
    cmd->add_option("--shard", o->shard, "Run only the blocks b with b % N == i (i/N)");
    frontend::add_number_option(*cmd, "--block", o->block,
                                "Soups per block of --out (0: soups / 64, 16 to 1000)")
        ->capture_default_str();
    cmd->add_option("--batch", o->batch,
                    "Step each block's first generations together on a batch backend, the "
                    "same census: cuda; auto (cuda where there is a device, else none); cpu "
                    "(checks the record: slower than none); none (each soup alone)")
        ->capture_default_str();
    frontend::add_number_option(*cmd, "--torus", o->torus,
                                "First torus side, a power of two from 256 (0: 256, 1024 with "
                                "--batch)")
        ->capture_default_str();
    CLI::App* m = cmd->add_subcommand("merge", "Add up the --out files of shards or ranks");
    m->add_option("FILES", o->merge_files, "Census files written with --out")->required();
    m->add_flag("--json", o->json, "Print the census as JSON");
    m->add_option("--textcensus", o->textcensus, "Also write Catagolue's textcensus CSV");
    m->add_option("--haul", o->haul, "Also write apgsearch's haul text");
    m->add_flag("--partial", o->partial, "Add up the blocks present even when some are missing");
    m->callback([o] { merge(*o); });
    cmd->callback([o, m] {
        if (m->parsed()) return;
        census(*o);
    });
}

}  // namespace toroid::cli
