// EcaBackend: the interface every 1-D (elementary automaton) simulator
// implements, and its registry — the 1-D twin of Backend (core/backend.hpp).
//
// A backend advances one ring under one Wolfram rule: load a ring, enqueue
// generations, wait, read the ring back. Results are bit-identical across
// backends (the shared eca_step_word of eca_update.hpp does every update).
// step() may return before the work is done (a device backend queues it);
// synchronize() waits, read() waits and copies, so timing step() between two
// synchronize() calls measures the stepping alone.
//
// Registry: eca_backend_registry() (core/registry.hpp): "cpu" (eca_cpu.hpp,
// registered from engine/src/eca/eca_registrar.cpp), "cuda" (the CUDA
// library) and "auto", exactly as for Backend.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "toroid/core/registry.hpp"
#include "toroid/eca/eca_ring.hpp"

namespace toroid {

struct EcaBackendOptions {
    int threads = 0;  // CPU threads; 0 = all cores
};

class EcaBackend {
  public:
    virtual ~EcaBackend() = default;

    virtual std::string name() const = 0;
    // For reports: "cpu (avx512, 8 threads)", "cuda (NVIDIA H200, sm_90, 139 GiB)".
    virtual std::string describe() const = 0;
    int rule() const { return rule_; }
    // True when the ring lives in another memory (a device): load() and
    // read() then copy it, and step() only enqueues.
    virtual bool device_resident() const { return false; }

    // Refuses (InputError), before anything is allocated, a ring of `width`
    // cells this backend could not hold beside `caller_rings` rings of that
    // width the caller keeps (its own copy, a diagram): the message names
    // the bytes each part needs and what is available. load() checks the
    // backend's own part again.
    virtual void check_fits(std::int64_t width, std::uint64_t caller_rings = 1) const = 0;
    virtual void load(const EcaRing& ring) = 0;
    virtual std::int64_t width() const = 0;
    // Enqueues `generations` >= 0 generations (InputError when negative).
    virtual void step(std::int64_t generations) = 0;
    // Waits for the enqueued work.
    virtual void synchronize() const {}
    // Copies the current state into `ring` (waits first); any previous
    // contents of `ring` are replaced.
    virtual void read(EcaRing& ring) const = 0;

  protected:
    // InputError unless 0 <= rule <= 255.
    explicit EcaBackend(int rule);
    int rule_ = 0;
};

using EcaBackendRegistry = Registry<EcaBackend, int, const EcaBackendOptions&>;
using EcaBackendEntry = EcaBackendRegistry::Entry;
EcaBackendRegistry& eca_backend_registry();

// name: "cpu", "cuda" or "auto". Unknown or unusable names are InputError.
std::unique_ptr<EcaBackend> create_eca_backend(const std::string& name, int rule,
                                               const EcaBackendOptions& options = {});

}  // namespace toroid
