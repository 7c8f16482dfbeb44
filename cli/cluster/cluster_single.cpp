// One process: this build has no MPI.
#include "cluster.hpp"

namespace toroid::cli {

Cluster Cluster::from_environment() {
    return Cluster{};
}

std::vector<std::string> Cluster::gather(const std::string& mine) const {
    return {mine};
}

double Cluster::max(double value) const {
    return value;
}

}  // namespace toroid::cli
