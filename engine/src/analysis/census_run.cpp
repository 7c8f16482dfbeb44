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
    std::atomic<std::uint64_t>* soups_done) {
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
                for (std::uint64_t i = first; i < first + header.block_soups(b); ++i) {
                    t.add(i, runner.run(soup_seed_text(header.root, i)));
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
