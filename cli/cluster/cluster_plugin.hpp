// The MPI side of Cluster, built as a plugin (libtoroid_mpi.so beside the
// toroid executable) and loaded only when mpirun started the process: linking
// Open MPI into toroid cost every process 1.5 ms of dynamic loading (libmpi,
// open-pal, open-rte, hwloc, libevent, udev) for a feature only sweeps under
// mpirun use. Plugin and program are built together, so C++ types cross.
#pragma once

#include <string>
#include <vector>

namespace toroid::cli {

struct ClusterPlugin {
    void (*start)(int* rank, int* size);  // MPI_Init (finalised at exit), rank, size
    // Rank 0 receives every rank's text in rank order; other ranks get {}.
    std::vector<std::string> (*gather)(const std::string& mine, int rank, int size);
    double (*max)(double value);  // the largest value over the ranks
    // MPI_Abort: ends every rank of the job and never returns (an attribute
    // cannot say so on a pointer: clang rejects [[noreturn]] here).
    void (*abort)(int code);
};

}  // namespace toroid::cli

// The plugin's one exported symbol.
extern "C" const toroid::cli::ClusterPlugin* toroid_cluster_plugin();
