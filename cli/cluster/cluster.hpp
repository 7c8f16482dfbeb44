// Cluster: the processes of one run (MPI ranks when launched with mpirun).
//
// Built with OpenMPI (optional, found by CMake), cluster_mpi.cpp initialises
// MPI when the program was started by mpirun and finalises it at exit;
// without it (cluster_single.cpp) a run is one process of rank 0. Sweeps use
// it to shard rules over the ranks and gather the results on rank 0.
#pragma once

#include <string>
#include <vector>

namespace toroid::cli {

class Cluster {
  public:
    static Cluster from_environment();
    int rank() const { return rank_; }
    int size() const { return size_; }
    // Rank 0 receives every rank's text in rank order; other ranks get {}.
    std::vector<std::string> gather(const std::string& mine) const;
    double max(double value) const;  // the largest value over the ranks

  private:
    int rank_ = 0, size_ = 1;
};

}  // namespace toroid::cli
