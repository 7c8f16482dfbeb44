// Registry: names to factories, the one seam between front ends and backends.
//
// Three interfaces have backends: `Backend` (one 2-D torus, core/backend.hpp),
// `BatchBackend` (many small tori at once, for sweeps, core/batch_backend.hpp)
// and `EcaBackend` (1-D rings, eca/eca_backend.hpp). Each has one registry,
// an instance of this template, reached through its accessor
// (`backend_registry()`, `batch_backend_registry()`, `eca_backend_registry()`).
//
// Every backend registers itself from its own library, in one place: a
// static initialiser in a `*_registrar.cpp` file (the CPU backends from
// engine/src/cpu/cpu_registrar.cpp and engine/src/eca/eca_registrar.cpp, the
// CUDA backends from kernels/src/cuda_registrar.cpp, ...). Static libraries
// drop members nobody references, so each library gives the programs that
// link it the link option `-u <its anchor symbol>`, which keeps its
// registrar. Registration stores factories only: nothing is allocated and no
// device is touched until a backend is asked for.
//
// Front ends ask by name: "cpu", "cuda", ..., or "auto", the most preferred
// entry that is usable now (a CUDA device present) and suited to the work:
// dense work (every cell every generation) takes the highest preference,
// sparse work (analysers: a pattern on a large empty torus) only entries that
// cost in proportion to the live area. A negative preference is never
// chosen by "auto" nor listed by available() (a specialised backend such as
// HashLife is asked for by name). Unknown names and registered but unusable ones are InputErrors
// that say why, and which names exist.
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "toroid/error.hpp"

namespace toroid {

// What "auto" chooses for (see above).
enum class Workload : std::uint8_t { Dense, Sparse };

template <class Interface, class... Args>
class Registry {
  public:
    struct Entry {
        std::string name;
        int preference = 0;   // higher wins for "auto"; negative: never "auto"
        bool sparse = false;  // costs in proportion to the live area (Workload::Sparse)
        std::function<bool()> usable = [] { return true; };               // e.g. a device exists
        std::function<std::string()> why = [] { return std::string(); };  // when not usable
        std::function<std::unique_ptr<Interface>(Args...)> create;
    };

    // `kind` words the errors: "backend", "batch backend", "1-D backend".
    explicit Registry(std::string kind) : kind_(std::move(kind)) {}

    // Adds an entry, or replaces the one of the same name.
    void add(Entry entry) {
        std::lock_guard lock(mutex_);
        std::erase_if(entries_, [&](const Entry& e) { return e.name == entry.name; });
        entries_.push_back(std::move(entry));
        std::stable_sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
            return a.preference > b.preference;
        });
    }

    // Every registered name, usable here or not, by preference.
    std::vector<std::string> registered() const { return names(false); }
    // The names usable now, by preference: what "every backend" means (the
    // default of selftest and bench). A specialised entry (negative
    // preference) is left out: it runs when asked for by name.
    std::vector<std::string> available() const { return names(true); }

    // Why a registered entry cannot be used here, or what a specialised one
    // runs ("" when it is usable and general, or unknown).
    std::string unusable_reason(const std::string& name) const {
        std::lock_guard lock(mutex_);
        for (const auto& e : entries_)
            if (e.name == name && (!e.usable() || e.preference < 0)) return e.why();
        return {};
    }

    // The name "auto" stands for now, for this kind of work.
    std::string resolve(const std::string& name, Workload work = Workload::Dense) const {
        if (name != "auto") return name;
        std::lock_guard lock(mutex_);
        for (const auto& e : entries_)
            if (e.preference >= 0 && (work == Workload::Dense || e.sparse) && e.usable())
                return e.name;
        throw InputError("no usable " + kind_ + " in this build (registered: " + list() + ")");
    }

    std::unique_ptr<Interface> create(const std::string& name, Args... args) const {
        return create_for(name, Workload::Dense, std::forward<Args>(args)...);
    }
    std::unique_ptr<Interface> create_for(const std::string& name, Workload work,
                                          Args... args) const {
        return factory(resolve(name, work))(std::forward<Args>(args)...);
    }

  private:
    std::vector<std::string> names(bool usable_only) const {
        std::lock_guard lock(mutex_);
        std::vector<std::string> out;
        for (const auto& e : entries_)
            if (!usable_only || (e.usable() && e.preference >= 0)) out.push_back(e.name);
        return out;
    }

    std::string list() const {
        std::string known;
        for (const auto& e : entries_) known += (known.empty() ? "" : ", ") + e.name;
        return known;
    }

    std::function<std::unique_ptr<Interface>(Args...)> factory(const std::string& name) const {
        std::lock_guard lock(mutex_);
        for (const auto& e : entries_) {
            if (e.name != name) continue;
            if (!e.usable())
                throw InputError(kind_ + " '" + name + "' cannot be used here: " + e.why());
            return e.create;
        }
        throw InputError("unknown " + kind_ + " '" + name + "'" + not_built_hint(name) +
                         ": expected auto or one of: " + list());
    }

    // Why a well-known name may be missing from a build: said only when that
    // name is asked for and nothing registered it.
    static std::string not_built_hint(const std::string& name) {
        if (name == "cuda")
            return " (this build has no CUDA support: nvcc was not found at build time, or the "
                   "build was configured with TOROID_CUDA=OFF)";
        return "";
    }

    std::string kind_;
    mutable std::mutex mutex_;
    std::vector<Entry> entries_;
};

}  // namespace toroid
