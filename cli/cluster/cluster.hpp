// Cluster: the processes of one run (MPI ranks when launched with mpirun).
//
// Built with OpenMPI (optional, found by CMake), cluster_mpi.cpp initialises
// MPI when the program was started by mpirun and finalises it at exit;
// without it (cluster_single.cpp) a run is one process of rank 0. Sweeps use
// it to shard rules over the ranks and gather the results on rank 0.
//
// An error on any rank ends the whole job: the other ranks may be waiting
// in a collective call (gather) for this one, and would wait for ever.
// cli/main.cpp prints the error with the rank (cluster_error_prefix) and
// calls end_cluster_job(), which calls MPI_Abort with the exit status (2 for
// bad input): mpirun then stops every rank and exits with that status.
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

// "rank R of N: " while a job of several ranks runs, else "".
std::string cluster_error_prefix();
// Ends every rank of a running job of several ranks with exit status
// `code` (MPI_Abort); returns at once when there is none.
void end_cluster_job(int code);

}  // namespace toroid::cli
