// Errors by kind.
//
// InputError is what bad user input becomes anywhere in toroid: a rule that
// does not parse, a malformed pattern file, a grid too large for memory. Its
// message is complete on its own (what, where, what was expected); the CLI
// prints it as `error: <message>` and exits with status 2. Everything else
// (I/O failures, CUDA errors, broken invariants) is a plain std::runtime_error
// and exits with status 1.
#pragma once

#include <stdexcept>
#include <string>

namespace toroid {

class InputError : public std::runtime_error {
  public:
    explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace toroid
