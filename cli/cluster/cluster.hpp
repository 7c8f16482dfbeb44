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

#include <cstdint>
#include <string>
#include <utility>
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
    // The shard (i, N) this process runs in a sharded command (sweep,
    // census): `shard_option` ("i/N", or "" for 0/1); under mpirun its rank
    // of the job's size instead (--shard is then refused), and a non-empty
    // `out` file becomes out.<rank>: each rank keeps its own resumable file,
    // joined afterwards with the command's `merge`.
    std::pair<std::uint64_t, std::uint64_t> shard(const std::string& shard_option,
                                                  std::string& out) const;

  private:
    int rank_ = 0, size_ = 1;
};

// "rank R of N: " while a job of several ranks runs, else "".
std::string cluster_error_prefix();
// Ends every rank of a running job of several ranks with exit status
// `code` (MPI_Abort); returns at once when there is none.
void end_cluster_job(int code);

}  // namespace toroid::cli
