#include "cairo_library.hpp"

#include <dlfcn.h>

#include <stdexcept>
#include <string>

namespace toroid::detail {

namespace {

CairoLibrary load() {
    void* handle = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        throw std::runtime_error(std::string("cannot draw charts: ") + dlerror() +
                                 " (Debian package libcairo2; scripts/deps.sh installs it)");
    CairoLibrary lib;
    std::string missing;
#define TOROID_CAIRO_RESOLVE(name)                                                  \
    lib.name = reinterpret_cast<decltype(lib.name)>(dlsym(handle, "cairo_" #name)); \
    if (!lib.name) missing += std::string(missing.empty() ? "" : ", ") + "cairo_" #name;
    TOROID_CAIRO_FUNCTIONS(TOROID_CAIRO_RESOLVE)
#undef TOROID_CAIRO_RESOLVE
    if (!missing.empty())
        throw std::runtime_error("cannot draw charts: libcairo.so.2 lacks " + missing);
    return lib;  // the handle stays open for the life of the process
}

}  // namespace

const CairoLibrary& cairo_library() {
    static const CairoLibrary lib = load();  // a failed load throws again next time
    return lib;
}

}  // namespace toroid::detail
