// MPI ranks for Cluster: the plugin loaded when mpirun started toroid.
#include <mpi.h>

#include <cstdlib>

#include "cluster_plugin.hpp"

namespace toroid::cli {
namespace {

void start(int* rank, int* size) {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised) {
        MPI_Init(nullptr, nullptr);
        std::atexit([] {
            int finalised = 0;
            MPI_Finalized(&finalised);
            if (!finalised) MPI_Finalize();
        });
    }
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
}

std::vector<std::string> gather(const std::string& mine, int rank, int size) {
    int length = int(mine.size());
    std::vector<int> lengths(static_cast<std::size_t>(size), 0);
    std::vector<int> offsets(static_cast<std::size_t>(size), 0);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::string all;
    if (rank == 0) {
        int total = 0;
        for (int r = 0; r < size; ++r) {
            offsets[std::size_t(r)] = total;
            total += lengths[std::size_t(r)];
        }
        all.resize(std::size_t(total));
    }
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
                0, MPI_COMM_WORLD);
    if (rank != 0) return {};
    std::vector<std::string> out;
    for (int r = 0; r < size; ++r)
        out.push_back(
            all.substr(std::size_t(offsets[std::size_t(r)]), std::size_t(lengths[std::size_t(r)])));
    return out;
}

double max(double value) {
    double result = value;
    MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return result;
}

[[noreturn]] void abort_job(int code) {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::_Exit(code);  // MPI_Abort does not return; should it, end this rank anyway
}

constexpr ClusterPlugin kPlugin{start, gather, max, abort_job};

}  // namespace
}  // namespace toroid::cli

extern "C" const toroid::cli::ClusterPlugin* toroid_cluster_plugin() {
    return &toroid::cli::kPlugin;
}
