// EcaBackend's constructor and the 1-D registry (core/registry.hpp; backends
// register themselves from their own libraries).
#include "toroid/eca/eca_backend.hpp"

#include <string>

#include "toroid/error.hpp"

namespace toroid {

EcaBackendRegistry& eca_backend_registry() {
    static EcaBackendRegistry r("backend");
    return r;
}

std::unique_ptr<EcaBackend> create_eca_backend(const std::string& name, int rule,
                                               const EcaBackendOptions& options) {
    return eca_backend_registry().create(name, rule, options);
}

EcaBackend::EcaBackend(int rule) : rule_(rule) {
    if (rule < 0 || rule > 255)
        throw InputError("elementary rule " + std::to_string(rule) +
                         " is out of range; expected 0..255");
}

}  // namespace toroid
