#include "games/common.hpp"

#include <iostream>

namespace toroid::cli {

void print_json(const nlohmann::json& j) {
    std::cout << j.dump(2) << "\n";
}

}  // namespace toroid::cli
