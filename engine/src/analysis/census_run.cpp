#include "toroid/analysis/census_run.hpp"

#include <exception>
#include <mutex>
#include <thread>

#include "toroid/core/hashsoup.hpp"

namespace toroid {

void run_census_blocks(
    const Rule& rule, const CensusOptions& options, const CensusFileHeader& header,
    const std::vector<std::uint64_t>& blocks, unsigned threads,
    const std::function<void(std::uint64_t, std::uint64_t, const CensusTally&)>& on_block,
    std::atomic<std::uint64_t>* soups_done, BatchBackend* batch) {
    // One caller at a time on a backend that takes one (a device). A thread
    // that finds it busy runs its block without records rather than wait:
    // the census is the same, and a device slower than the threads can
    // only leave work to them, never hold them up.
    std::mutex batch_lock;
    const bool one_caller = batch && batch->concurrent_callers() <= 1;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::mutex lock;
    std::exception_ptr error;
    auto worker = [&] {
        try {
            SoupCensusRunner runner(rule, options);
            for (;;) {
                const std::size_t k = next.fetch_add(1);
                if (k >= blocks.size()) break;
                const std::uint64_t b = blocks[k], first = header.block_first(b);
                CensusTally t;
                t.rule = header.rule;
                t.symmetry = header.symmetry;
                t.root = header.root;
                const std::uint64_t soups = header.block_soups(b);
                std::vector<CensusRecord> records;
                std::unique_lock<std::mutex> device(batch_lock, std::defer_lock);
                if (batch && runner.replays_records() && (!one_caller || device.try_lock())) {
                    // On the first soup's torus (a soup placed on a larger
                    // one, as a symmetry's larger soups may be, is not
                    // recorded: its start is left empty).
                    std::vector<std::vector<Cell>> starts(soups);
                    std::int64_t side = 0;
                    for (std::uint64_t i = 0; i < soups; ++i) {
                        auto start = runner.start(soup_seed_text(header.root, first + i));
                        if (i == 0) side = start.side;
                        if (start.side == side) starts[i] = std::move(start.cells);
                    }
                    records =
                        record_census_soups(*batch, rule, side, starts, kCensusRecordGenerations,
                                            SoupCensusRunner::kGuard);
                    if (device.owns_lock()) device.unlock();
                }
                for (std::uint64_t i = first; i < first + soups; ++i) {
                    t.add(i, runner.run(soup_seed_text(header.root, i),
                                        records.empty() ? nullptr : &records[i - first]));
                    if (soups_done) soups_done->fetch_add(1);
                    if (failed.load()) return;  // another thread failed
                }
                std::lock_guard<std::mutex> g(lock);
                on_block(b, first, t);
            }
        } catch (...) {
            std::lock_guard<std::mutex> g(lock);
            if (!error) error = std::current_exception();
            failed.store(true);
            next.store(blocks.size());
        }
    };
    std::vector<std::thread> pool;
    for (unsigned w = 1; w < threads; ++w) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);
}

}  // namespace toroid
