// Host-only facade: elementary (1-D) automata on the GPU.
//
// The ring lives in device memory in the canonical layout (eca_ring.hpp):
// cell x is bit x % 64 of word x / 64, padding bits zero. Each launch
// advances up to 64 generations: each warp loads a tile of 254 words plus
// one halo word on each side (taken around the ring with the shared
// eca_extract64, so any width >= 1 works) into registers, 8 words per lane,
// runs the rule there generation after generation (one LOP3 per 32-bit
// half-word whose table is the Wolfram number: a kernel per rule), with
// neighbour words crossing lanes by warp shuffles (no shared memory, no
// block-wide barrier), and writes the tile back; errors from beyond the
// halos travel one cell per generation and never reach the tile (the CPU
// backend's scheme, eca_cpu.hpp).
// Rings of 10^9 and more cells fit: memory is two copies of the words.
//
// Every CUDA call is checked; failures throw std::runtime_error naming the
// file, line, call and CUDA's message. A ring too large for the device's free
// memory is an InputError. No CUDA type appears here.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "toroid/eca/eca_backend.hpp"
#include "toroid/eca/eca_ring.hpp"

namespace toroid::gpu {

class EcaDeviceRing {
  public:
    // Uploads `ring` to device 0.
    explicit EcaDeviceRing(const EcaRing& ring);
    ~EcaDeviceRing();
    EcaDeviceRing(EcaDeviceRing&&) noexcept;
    EcaDeviceRing& operator=(EcaDeviceRing&&) noexcept;
    EcaDeviceRing(const EcaDeviceRing&) = delete;
    EcaDeviceRing& operator=(const EcaDeviceRing&) = delete;

    std::int64_t width() const;
    // Enqueues `steps` >= 0 generations of rule 0..255 (InputError otherwise).
    void step(int rule, std::int64_t steps);
    // Waits for the enqueued work.
    void synchronize() const;
    // Copies the current state back (waits first); `ring` must have the same width.
    void download(EcaRing& ring) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Convenience: upload, advance, download.
void eca_run(EcaRing& ring, int rule, std::int64_t steps);

// The "cuda" EcaBackend over an EcaDeviceRing (registered by
// kernels/src/cuda_registrar.cpp). InputError when no device is present.
std::unique_ptr<EcaBackend> make_cuda_eca_backend(int rule, const EcaBackendOptions& options = {});

}  // namespace toroid::gpu
