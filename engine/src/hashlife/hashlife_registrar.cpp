// Registers the "hashlife" backend (core/registry.hpp) when a program starts.
//
// A specialised backend: tori whose sides are powers of two, deterministic
// rules. Its negative preference keeps "auto" from ever choosing it, and the
// registry's usable lists (what "every backend" means to selftest and bench)
// leave it out; it runs when asked for by name, and `why` says what it runs.
// Kept in every program by the link option engine/CMakeLists.txt gives
// (`-u toroid_hashlife_registrar_anchor`), like the CPU registrar.
#include "toroid/core/backend.hpp"
#include "toroid/hashlife/hashlife_backend.hpp"

// The symbol the link option names (C linkage: an unmangled name).
extern "C" const int toroid_hashlife_registrar_anchor = 1;

namespace toroid {
namespace {

[[maybe_unused]] const bool registered = [] {
    backend_registry().add(
        {.name = "hashlife",
         .preference = -10,
         .sparse = false,
         .why =
             [] {
                 return std::string(
                     "it runs only tori whose sides are powers of two and deterministic rules: "
                     "ask for it by name (--backend hashlife)");
             },
         .create = make_hashlife_backend});
    return true;
}();

}  // namespace
}  // namespace toroid
