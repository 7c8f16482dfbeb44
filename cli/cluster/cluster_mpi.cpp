// MPI ranks: initialised only when mpirun started this process.
#include <mpi.h>

#include <cstdlib>

#include "cluster.hpp"

namespace toroid::cli {

Cluster Cluster::from_environment() {
    Cluster c;
    const bool launched =
        std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") || std::getenv("PMIX_RANK");
    if (!launched) return c;
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
    MPI_Comm_rank(MPI_COMM_WORLD, &c.rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &c.size_);
    return c;
}

std::vector<std::string> Cluster::gather(const std::string& mine) const {
    if (size_ == 1) return {mine};
    int length = int(mine.size());
    std::vector<int> lengths(static_cast<std::size_t>(size_), 0);
    std::vector<int> offsets(static_cast<std::size_t>(size_), 0);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::string all;
    if (rank_ == 0) {
        int total = 0;
        for (int r = 0; r < size_; ++r) {
            offsets[std::size_t(r)] = total;
            total += lengths[std::size_t(r)];
        }
        all.resize(std::size_t(total));
    }
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
                0, MPI_COMM_WORLD);
    if (rank_ != 0) return {};
    std::vector<std::string> out;
    for (int r = 0; r < size_; ++r)
        out.push_back(
            all.substr(std::size_t(offsets[std::size_t(r)]), std::size_t(lengths[std::size_t(r)])));
    return out;
}

double Cluster::max(double value) const {
    double result = value;
    if (size_ > 1) MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return result;
}

}  // namespace toroid::cli
