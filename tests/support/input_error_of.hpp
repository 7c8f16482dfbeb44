// The message of the InputError that f() throws, or "(no InputError)": lets a
// test assert on what a bad input is told.
#pragma once

#include <string>

#include "toroid/error.hpp"

namespace toroid::testing {

template <class F>
std::string input_error_of(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no InputError)";
}

}  // namespace toroid::testing
