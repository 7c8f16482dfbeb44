// NamedRegistry: the lookup behind both backend registries (2-D Backend and
// 1-D EcaBackend): entries by name and preference, "auto", and the errors a
// user sees for unknown or unusable names. Thread-safe; entries are added by
// each backend library (see core/backend.hpp for who registers what).
#pragma once

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "toroid/error.hpp"

namespace toroid::detail {

// Why a well-known backend name may be missing from a build: said only when
// that name is asked for and nothing registered it.
inline std::string not_built_hint(const std::string& name) {
    if (name == "cuda")
        return " (this build has no CUDA support: nvcc was not found at build time, or the "
               "build was configured with TOROID_CUDA=OFF)";
    return "";
}

// Entry: a struct with name, preference, usable(), why() and create, and
// optionally `general` (false: left out of "auto" and the usable lists).
template <class Entry>
bool general(const Entry& e) {
    if constexpr (requires { e.general; })
        return e.general;
    else
        return true;
}

template <class Entry>
class NamedRegistry {
  public:
    explicit NamedRegistry(std::vector<Entry> builtin) : entries_(std::move(builtin)) { sort(); }

    void add(Entry entry) {
        std::lock_guard lock(mutex_);
        std::erase_if(entries_, [&](const Entry& e) { return e.name == entry.name; });
        entries_.push_back(std::move(entry));
        sort();
    }

    std::vector<std::string> names(bool usable_only) const {
        std::lock_guard lock(mutex_);
        std::vector<std::string> out;
        for (const auto& e : entries_)
            if (!usable_only || (e.usable() && general(e))) out.push_back(e.name);
        return out;
    }

    std::string unusable_reason(const std::string& name) const {
        std::lock_guard lock(mutex_);
        for (const auto& e : entries_)
            if (e.name == name && (!e.usable() || !general(e))) return e.why();
        return {};
    }

    // The factory for `name` ("auto": the most preferred usable entry).
    // `kind` ("backend", "1-D backend") words the errors.
    decltype(Entry::create) find(const std::string& name, const std::string& kind) const {
        std::lock_guard lock(mutex_);
        std::string known;
        for (const auto& e : entries_) {
            known += (known.empty() ? "" : ", ") + e.name;
            if (name == "auto" ? e.usable() && general(e) : e.name == name) {
                if (!e.usable())
                    throw InputError(kind + " '" + name + "' cannot be used here: " + e.why());
                return e.create;
            }
        }
        if (name == "auto")
            throw InputError("no usable " + kind + " in this build (registered: " + known + ")");
        throw InputError("unknown " + kind + " '" + name + "'" + not_built_hint(name) +
                         ": expected auto or one of: " + known);
    }

  private:
    void sort() {
        std::stable_sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
            return a.preference > b.preference;
        });
    }

    mutable std::mutex mutex_;
    std::vector<Entry> entries_;
};

}  // namespace toroid::detail
