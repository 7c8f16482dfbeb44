// toroid demo: the main job of `make run`.
#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "command.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/frontend/common.hpp"

namespace toroid::cli {
namespace {

void demo() {
    const Rule life;
    auto backend = frontend::make_backend("auto", life, 0, 1);
    std::printf(
        "toroid demo: Conway's Life (B3/S23) on a 4096 x 4096 torus, 50%% soup, backend %s\n",
        backend->describe().c_str());
    Grid g(4096, 4096);
    fill_soup(g, 0.5, 1);
    backend->load(g);
    std::printf("%10s %12s %18s %10s %14s\n", "generation", "population", "hash", "seconds",
                "cells/s");
    for (int round = 0; round < 5; ++round) {
        const auto t0 = std::chrono::steady_clock::now();
        backend->step(200);
        const std::uint64_t pop = backend->population();
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("%10llu %12llu %18s %10.3f %14s\n",
                    static_cast<unsigned long long>(backend->generation()),
                    static_cast<unsigned long long>(pop), frontend::hex64(backend->hash()).c_str(),
                    s, frontend::format_rate(4096.0 * 4096.0 * 200 / s).c_str());
    }
    std::printf("\nMethuselahs: lifespan, final population and escaping gliders\n");
    if (print_methuselah_table({"r-pentomino", "acorn", "rabbits"}) != 0)
        throw std::runtime_error("the methuselah table could not be computed");
}

}  // namespace

void add_demo_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand(
        "demo", "The main job: a Life soup's throughput, then methuselah lifespans");
    cmd->callback([] { demo(); });
}

}  // namespace toroid::cli
