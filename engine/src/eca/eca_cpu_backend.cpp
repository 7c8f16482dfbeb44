// The "cpu" EcaBackend: eca_step (eca_cpu.hpp) behind the EcaBackend interface.
#include <memory>
#include <string>

#include "toroid/eca/eca_cpu.hpp"
#include "toroid/error.hpp"
#include "toroid/memory.hpp"

namespace toroid {
namespace {

class EcaCpuBackend final : public EcaBackend {
  public:
    EcaCpuBackend(int rule, const EcaBackendOptions& options) : EcaBackend(rule) {
        if (options.threads < 0)
            throw InputError("--threads " + std::to_string(options.threads) +
                             " is negative: expected 0 (all cores) or more");
        pool_ = std::make_unique<ThreadPool>(options.threads);
        options_.pool = pool_.get();
    }

    std::string name() const override { return "cpu"; }
    std::string describe() const override {
        return std::string("cpu (") + eca_cpu_kernel_name(options_.kernel) + ", " +
               std::to_string(pool_->size()) + " threads)";
    }

    // The state and eca_step's stepping buffer: two rings, beside the caller's.
    void check_fits(std::int64_t width, std::uint64_t caller_rings) const override {
        const double ring = static_cast<double>(eca_ring_bytes(width));
        std::string breakdown = "2 rings of " + human_bytes(ring) + " for the cpu backend";
        if (caller_rings > 0)
            breakdown += " + " + std::to_string(caller_rings) + " kept by the command";
        check_host_memory({ring * static_cast<double>(2 + caller_rings),
                           "a ring of width " + std::to_string(width), breakdown,
                           "choose a smaller --width (or fewer --steps)"});
    }

    void load(const EcaRing& ring) override {
        if (ring.width() != ring_.width()) check_fits(ring.width(), 0);
        ring_ = ring;
    }

    std::int64_t width() const override { return ring_.width(); }

    void step(std::int64_t generations) override { eca_step(ring_, rule_, generations, options_); }

    void read(EcaRing& ring) const override { ring = ring_; }

  private:
    std::unique_ptr<ThreadPool> pool_;
    EcaCpuOptions options_;
    EcaRing ring_;
};

}  // namespace

std::unique_ptr<EcaBackend> make_eca_cpu_backend(int rule, const EcaBackendOptions& options) {
    return std::make_unique<EcaCpuBackend>(rule, options);
}

}  // namespace toroid
