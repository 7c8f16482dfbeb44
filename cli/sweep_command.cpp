// toroid sweep FAMILY: soups of every rule of a family, classified and censused.
// toroid sweep merge FILES: join the --out files of shards into one result.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "cluster/cluster.hpp"
#include "command.hpp"
#include "toroid/analysis/family_plot.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/analysis/sweep.hpp"
#include "toroid/analysis/sweep_file.hpp"
#include "toroid/core/hashsoup.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/common.hpp"
#include "toroid/frontend/generations.hpp"
#include "toroid/frontend/json_output.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/frontend/progress_line.hpp"
#include "toroid/frontend/run_options.hpp"
#include "toroid/io/chart.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/io/json_text.hpp"
#include "toroid/output_file.hpp"

namespace toroid::cli {
namespace {

struct SweepCliOptions {
    std::string family;
    std::string rules_file;
    std::optional<std::uint64_t> random_rules;
    std::uint64_t soups = 100;
    std::string soup_size = "16x16";
    double density = 0.5;
    std::string torus = "256x256";
    std::uint64_t max_gens = 4000;
    frontend::RunOptions run;  // --backend --threads --seed
    std::size_t batch = 0;
    bool json = false;
    std::string csv, out, plot, shard;
    bool resume = false, yes = false, partial = false;
    std::vector<std::string> merge_files;
    std::string root, symmetry = "C1";  // apgsearch's soups (hashsoup_sweep.cpp)
    bool max_gens_given = false;
};

// Every file the command will write, checked before any work (output_file.hpp).
void check_outputs(const SweepCliOptions& o) {
    if (!o.csv.empty()) check_output_file(o.csv, "--csv");
    if (!o.plot.empty()) {
        check_chart_path(o.plot);
        check_output_file(o.plot, "--plot");
    }
}

RuleFamily make_family(const SweepCliOptions& o) {
    if (!o.family.empty() && !o.rules_file.empty())
        throw InputError("give either a FAMILY or --rules FILE, not both");
    if (o.family.empty() && o.rules_file.empty() && !o.random_rules)
        throw InputError("no rules: give a FAMILY (e.g. 'B3[678]/S23', all-moore) or --rules FILE");
    RuleFamily f = !o.rules_file.empty()
                       ? RuleFamily::from_file(o.rules_file)
                       : RuleFamily::parse(o.family.empty() ? "all-moore" : o.family);
    if (o.random_rules) f = f.random_sample(*o.random_rules, o.run.seed);
    return f;
}

void print_table(const std::vector<RuleCensus>& rules) {
    std::printf("%-24s %6s %6s %6s %6s %9s %7s %9s %9s  %s\n", "rule", "soups", "dies", "stable",
                "ships", "explosive", "chaotic", "stab.med", "stab.max", "most common objects");
    for (const RuleCensus& c : rules) {
        std::string top;
        const auto objects = c.objects_by_count();
        for (std::size_t i = 0; i < objects.size() && i < 4; ++i)
            top += (i ? " " : "") + objects[i].first + ":" + std::to_string(objects[i].second);
        std::printf("%-24s %6llu %6llu %6llu %6llu %9llu %7llu %9llu %9llu  %s\n", c.rule.c_str(),
                    (unsigned long long)c.soups, (unsigned long long)c.classes[0],
                    (unsigned long long)c.classes[1], (unsigned long long)c.classes[2],
                    (unsigned long long)c.classes[3], (unsigned long long)c.classes[4],
                    (unsigned long long)c.stabilisation_median,
                    (unsigned long long)c.stabilisation_max, top.c_str());
    }
}

void write_outputs(const SweepCliOptions& o, const std::string& family,
                   std::vector<RuleCensus> rules, const SweepStats* stats,
                   const SweepMerge* merge = nullptr) {
    std::sort(rules.begin(), rules.end(),
              [](const RuleCensus& a, const RuleCensus& b) { return a.rule_index < b.rule_index; });
    if (!o.csv.empty()) {
        std::string text = census_csv_header() + "\n";
        for (const auto& c : rules) text += census_csv_row(c) + "\n";
        write_file_atomic(o.csv, text);
    }
    if (!o.plot.empty()) write_family_plot(o.plot, family, rules);
    if (o.json) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& c : rules) list.push_back(to_json(c));
        nlohmann::json j{{"family", family}, {"rules", list}};
        if (stats) {
            j["soups_run"] = stats->soups;
            j["seconds"] = stats->seconds;
            j["soups_per_second"] = stats->soups_per_second();
            j["backend"] = stats->backend;
        }
        if (merge && merge->missing) {
            j["rules_missing"] = merge->missing;
            j["first_missing_indices"] = merge->first_missing;
        }
        frontend::print_json(j);
        return;
    }
    print_table(rules);
    if (stats)
        std::printf("%llu soups in %.2f s on %s: %.4g soups/s\n", (unsigned long long)stats->soups,
                    stats->seconds, stats->backend.c_str(), stats->soups_per_second());
}

void sweep(SweepCliOptions o) {
    const frontend::Size soup = frontend::parse_size(o.soup_size, "--soup-size");
    const frontend::Size torus = frontend::parse_size(o.torus, "--torus");
    if (soup.width > torus.width || soup.height > torus.height)
        throw InputError("--soup-size " + o.soup_size + " is larger than --torus " + o.torus +
                         ": the soup must fit the torus");
    if (!(o.density >= 0 && o.density <= 1))
        throw InputError("--density " + std::to_string(o.density) +
                         " is out of range: expected 0..1");
    if (o.max_gens == 0) throw InputError("--max-gens 0: expected at least 1 generation");
    if (o.soups == 0) throw InputError("--soups 0: expected at least 1 soup per rule");
    if (o.resume && o.out.empty())
        throw InputError("--resume needs --out FILE (the file to resume)");

    const RuleFamily family = make_family(o);
    check_outputs(o);
    SweepOptions so;
    so.soup.soup_width = soup.width;
    so.soup.soup_height = soup.height;
    so.soup.density = o.density;
    so.soup.torus_width = torus.width;
    so.soup.torus_height = torus.height;
    so.soup.max_gens = o.max_gens;
    so.soup.seed = o.run.seed;
    if (!o.root.empty()) {
        // apgsearch's soups, run as `toroid census` runs them.
        if (o.root.find_first_of(" \t\n/") != std::string::npos)
            throw InputError("--root '" + o.root +
                             "': a root has no spaces or slashes (e.g. k_abcdefghijkl)");
        if (!is_hashsoup_symmetry(o.symmetry)) hashsoup("", o.symmetry);  // names the known ones
        so.soup.root = o.root;
        so.soup.symmetry = o.symmetry;
        if (!o.max_gens_given) so.soup.max_gens = CensusOptions{}.max_generations;  // the census's
    } else if (o.symmetry != "C1") {
        throw InputError("--symmetry " + o.symmetry + " needs --root (apgsearch's soups)");
    }
    so.soups = o.soups;
    so.backend = o.run.backend;
    so.threads = o.run.threads;
    so.batch = o.batch;

    Cluster cluster = Cluster::from_environment();
    const auto [shard_i, shard_n] = cluster.shard(o.shard, o.out);
    if (!o.out.empty()) check_output_file(o.out, "--out");
    // Never materialised: a family may hold 2^40 rules (rule_index_set.hpp).
    RuleIndexSet indices = RuleIndexSet::shard_of(family.size(), shard_i, shard_n);
    // An empty shard (a shard beyond a small family, mpirun -np 3 over 2
    // rules) is simply empty: its file holds the header, its table no rule.
    if (indices.empty() && cluster.size() == 1)
        std::fprintf(stderr, "note: shard %llu/%llu of family %s (%llu rules) holds no rule\n",
                     (unsigned long long)shard_i, (unsigned long long)shard_n,
                     family.description().c_str(), (unsigned long long)family.size());

    SweepHeader header{family.description(),
                       sweep_settings(family.description(), family.size(), so),
                       std::to_string(shard_i) + "/" + std::to_string(shard_n)};
    std::vector<RuleCensus> results;
    std::uint64_t keep = 0;
    if (o.resume) {
        SweepFile f = read_sweep_file(o.out);
        if (f.header.settings != header.settings || f.header.shard != header.shard)
            throw InputError("--resume: " + o.out + " was written by another sweep (" +
                             json_text(f.header.settings) + ", shard " + f.header.shard +
                             "); run with the same family and options, or without --resume");
        if (f.family_size != family.size())  // also caught by the settings; said plainly
            throw InputError("--resume: " + o.out + " is a sweep of " +
                             std::to_string(f.family_size) + " rules, not of the " +
                             std::to_string(family.size()) + " of family " + family.description());
        std::vector<std::uint64_t> done;
        for (auto& c : f.rules) done.push_back(c.rule_index);
        results = std::move(f.rules);
        keep = f.valid_bytes;
        indices.leave_out(done);
        if (f.dropped_bytes)
            std::fprintf(stderr, "resume: dropped a partial last line (%llu bytes) of %s\n",
                         (unsigned long long)f.dropped_bytes, o.out.c_str());
    }
    // Memory first (it holds whatever --yes says): the batches, and every
    // rule's census kept for the final table (all of them on rank 0 of a job).
    const std::uint64_t kept =
        cluster.size() > 1 && cluster.rank() == 0 ? family.size() : results.size() + indices.size();
    plan_sweep(so, kept);
    const double estimate = estimate_sweep_seconds(so, indices.size());
    if (estimate > 600 && !o.yes)
        throw InputError(
            "family " + family.description() + " is " + std::to_string(indices.size()) +
            " rules x " + std::to_string(o.soups) +
            " soups = " + frontend::format_rate(double(indices.size()) * double(o.soups)) +
            " soups of " + o.torus + " up to " + std::to_string(o.max_gens) +
            " generations: an estimated " + std::to_string(long(estimate / 60)) +
            " minutes; pass --yes to run it (or use fewer rules, soups or generations)");

    std::optional<SweepWriter> writer;
    if (!o.out.empty()) writer.emplace(o.out, header, o.resume, keep);
    frontend::ProgressLine progress(frontend::stderr_is_terminal() && cluster.rank() == 0);
    const std::uint64_t total = indices.size();
    const SweepStats stats = run_sweep(
        family, indices, so,
        [&](const RuleCensus& c) {
            if (writer) writer->append(c);
            results.push_back(c);
        },
        [&](const SweepProgress& p) {
            if (!progress.enabled()) return;
            const double rate = p.seconds > 0 ? double(p.soups_done) / p.seconds : 0;
            const double eta = rate > 0 ? double((total - p.rules_done) * o.soups) / rate : 0;
            char text[120];
            std::snprintf(text, sizeof text, "rules %llu/%llu  %.3g soups/s  ETA %.0f s",
                          (unsigned long long)p.rules_done, (unsigned long long)total, rate, eta);
            progress.show(text);
            if (p.rules_done == total) progress.keep();
        });
    if (cluster.size() > 1) {
        std::string mine;
        for (const auto& c : results) mine += json_text(to_json(c)) + "\n";
        const std::vector<std::string> all = cluster.gather(mine);
        const double seconds = cluster.max(stats.seconds);
        if (cluster.rank() != 0) return;
        results.clear();
        for (const std::string& text : all) {
            std::size_t pos = 0;
            while (pos < text.size()) {
                const std::size_t end = text.find('\n', pos);
                results.push_back(
                    census_from_json(nlohmann::json::parse(text.substr(pos, end - pos))));
                pos = end + 1;
            }
        }
        SweepStats whole = stats;
        whole.soups = family.size() * o.soups;
        whole.seconds = seconds;
        whole.backend = stats.backend + " x " + std::to_string(cluster.size()) + " ranks";
        write_outputs(o, family.description(), std::move(results), &whole);
        return;
    }
    write_outputs(o, family.description(), std::move(results), &stats);
}

// "B36/S23 (index 5)" when the family can be parsed back from its name, else "index 5".
std::string missing_rules_text(const SweepMerge& m) {
    std::optional<RuleFamily> family;
    try {
        family = RuleFamily::parse(m.file.header.family);
        if (family->size() != m.file.family_size) family.reset();
    } catch (const InputError&) {  // a list from a file or a sample: indices only
    }
    std::string text;
    for (const std::uint64_t i : m.first_missing) {
        if (!text.empty()) text += ", ";
        text += family ? family->rule(i).to_string() + " (index " + std::to_string(i) + ")"
                       : "index " + std::to_string(i);
    }
    if (m.missing > m.first_missing.size()) text += ", ...";
    return text;
}

void merge(const SweepCliOptions& o) {
    check_outputs(o);
    if (!o.out.empty()) check_output_file(o.out, "--out");
    SweepMerge m = merge_sweep_files(o.merge_files);
    SweepFile& f = m.file;
    if (m.missing) {
        const std::string what =
            std::to_string(m.missing) + " of the " + std::to_string(f.family_size) +
            " rules of family " + f.header.family + " are in none of the " +
            std::to_string(o.merge_files.size()) + " files given: " + missing_rules_text(m);
        if (!o.partial)
            throw InputError("sweep merge: " + what +
                             "; merge every shard's file (or pass --partial to merge only these)");
        std::fprintf(stderr, "note: partial merge: %s\n", what.c_str());
    }
    if (!o.out.empty()) {
        SweepWriter w(o.out, f.header, false, 0);
        for (const auto& c : f.rules) w.append(c);
    }
    write_outputs(o, f.header.family, f.rules, nullptr, &m);
}

}  // namespace

void add_sweep_command(CLI::App& app) {
    auto o = std::make_shared<SweepCliOptions>();
    CLI::App* cmd = app.add_subcommand(
        "sweep", "Run soups of every rule of a family: classes, periods and an object census");
    cmd->add_option("FAMILY", o->family,
                    "Rule family: B3[678]/S23[4] (bracketed counts optional), B[1-8]/S23, "
                    "B2(0.1:0.9:0.1)/S12H, B2[aein]3/S23 (letter subsets), all-moore, all-hex, "
                    "all-vonneumann, all-isotropic-hex, all-map-vonneumann");
    cmd->add_option("--rules", o->rules_file, "File with one rule a line");
    frontend::add_number_option(
        *cmd, "--random-rules", o->random_rules,
        "Sweep N random rules of the family (all-moore if none given), drawn with --seed",
        std::uint64_t(1), std::numeric_limits<std::uint64_t>::max());
    frontend::add_number_option(*cmd, "--soups", o->soups, "Soups per rule", std::uint64_t(1),
                                std::numeric_limits<std::uint64_t>::max())
        ->capture_default_str();
    cmd->add_option("--soup-size", o->soup_size, "Soup size WxH")->capture_default_str();
    frontend::add_number_option(*cmd, "--density", o->density, "Soup density (0..1)", 0.0, 1.0)
        ->capture_default_str();
    cmd->add_option("--torus", o->torus, "Torus size WxH (equal to the soup size: filled)")
        ->capture_default_str();
    frontend::add_generations_option(*cmd, "--max-gens", o->max_gens, "Generation limit per soup",
                                     1)
        ->capture_default_str();
    frontend::RunOptionsSpec run;
    run.backend_help = "Batch backend: cpu, cuda or auto";
    run.seed_help = "Seed of the soups (and of --random-rules)";
    frontend::add_run_options(*cmd, o->run, run);
    frontend::add_number_option(*cmd, "--batch", o->batch,
                                "Tori per batch pass (0 = the backend's choice)");
    cmd->add_flag("--json", o->json, "Print the results as JSON");
    cmd->add_option("--csv", o->csv, "Also write one CSV row per rule to FILE");
    cmd->add_option("--plot", o->plot, "Draw the class fractions per rule (.png or .svg)");
    cmd->add_option("--out", o->out,
                    "Append each rule's result to FILE (JSON lines) as it finishes");
    cmd->add_flag("--resume", o->resume,
                  "Continue the sweep in --out FILE, skipping finished rules");
    cmd->add_option("--shard", o->shard, "Run only shard i of N (i/N, 0 <= i < N)");
    cmd->add_flag("--yes", o->yes, "Run even when the estimated time is long");
    cmd->add_option("--root", o->root,
                    "Run apgsearch's soups ROOT + i (as toroid census) instead of random "
                    "soups; --soup-size, --torus, --density, --seed, --backend are then unused");
    cmd->add_option("--symmetry", o->symmetry, "Symmetry of the --root soups (as toroid census)")
        ->capture_default_str();
    CLI::App* m = cmd->add_subcommand("merge", "Join the --out files of shards into one result");
    m->add_option("FILES", o->merge_files, "Sweep files written with --out")->required();
    m->add_flag("--json", o->json, "Print the results as JSON");
    m->add_option("--csv", o->csv, "Also write one CSV row per rule to FILE");
    m->add_option("--plot", o->plot, "Draw the class fractions per rule (.png or .svg)");
    m->add_option("--out", o->out, "Write the merged sweep file");
    m->add_flag("--partial", o->partial,
                "Merge even when some of the family's rules are in no file (they are listed)");
    m->callback([o] { merge(*o); });
    cmd->callback([o, m, cmd] {
        if (m->parsed()) return;
        o->max_gens_given = cmd->count("--max-gens") > 0;
        sweep(*o);
    });
}

}  // namespace toroid::cli
