// The "cuda" EcaBackend: an EcaDeviceRing (toroid/gpu/eca.hpp) behind the
// EcaBackend interface. Host-only: it sees the GPU through the facades.
#include <memory>
#include <stdexcept>
#include <string>

#include "toroid/error.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/gpu/eca.hpp"
#include "toroid/memory.hpp"

namespace toroid::gpu {
namespace {

class EcaCudaBackend final : public EcaBackend {
  public:
    explicit EcaCudaBackend(int rule) : EcaBackend(rule) {
        if (device_count() == 0) throw InputError("--backend cuda: " + device_description());
    }

    std::string name() const override { return "cuda"; }
    std::string describe() const override { return "cuda (" + device_description() + ")"; }
    bool device_resident() const override { return true; }

    // Host: the caller's rings; device: the state and the stepping buffer.
    void check_fits(std::int64_t width, std::uint64_t caller_rings) const override {
        const double ring = static_cast<double>(eca_ring_bytes(width));
        const std::string what = "a ring of width " + std::to_string(width);
        check_host_memory({ring * static_cast<double>(caller_rings), what,
                           std::to_string(caller_rings) + " kept by the command",
                           "choose a smaller --width (or fewer --steps)"});
        check_device_memory({2.0 * ring, what, "2 rings of " + human_bytes(ring) + " on the device",
                             "choose a smaller --width or --backend cpu"});
    }

    void load(const EcaRing& ring) override {
        device_.reset();  // the old rings leave the device before the new ones arrive
        device_ = std::make_unique<EcaDeviceRing>(ring);  // checks device memory itself
    }

    std::int64_t width() const override { return device_ ? device_->width() : 0; }

    void step(std::int64_t generations) override {
        if (!device_) throw std::logic_error("EcaBackend::step before load");
        device_->step(rule_, generations);
    }

    void synchronize() const override {
        if (device_) device_->synchronize();
    }

    void read(EcaRing& ring) const override {
        if (!device_) throw std::logic_error("EcaBackend::read before load");
        if (ring.width() != device_->width()) ring = EcaRing(device_->width());
        device_->download(ring);
    }

  private:
    std::unique_ptr<EcaDeviceRing> device_;
};

}  // namespace

std::unique_ptr<EcaBackend> make_cuda_eca_backend(int rule, const EcaBackendOptions&) {
    return std::make_unique<EcaCudaBackend>(rule);
}

}  // namespace toroid::gpu
