// Cluster: one process, or the MPI ranks of mpirun through the plugin.
#include "cluster.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "cluster_plugin.hpp"
#include "toroid/analysis/sweep_file.hpp"  // parse_shard
#include "toroid/error.hpp"

namespace toroid::cli {
namespace {

const ClusterPlugin* plugin = nullptr;  // loaded by from_environment() under mpirun
int job_rank = 0, job_size = 1;         // of the job started by from_environment()

bool launched_by_mpirun() {
    return std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") ||
           std::getenv("PMIX_RANK");
}

// The folder of the running executable: the plugin is built beside it.
std::string executable_folder() {
    std::string path(4096, '\0');
    const ssize_t n = readlink("/proc/self/exe", path.data(), path.size());
    if (n <= 0) return ".";
    path.resize(std::size_t(n));
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? "." : path.substr(0, slash);
}

}  // namespace

Cluster Cluster::from_environment() {
    Cluster c;
    if (!launched_by_mpirun()) return c;
    if (!plugin) {
        const std::string path = executable_folder() + "/libtoroid_mpi.so";
        // RTLD_GLOBAL: Open MPI's own components resolve libmpi's symbols.
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
        if (!handle)
            throw InputError(std::string("started by mpirun, but this toroid cannot use MPI: ") +
                             dlerror() +
                             " (build it with OpenMPI installed: scripts/deps.sh installs it)");
        auto entry =
            reinterpret_cast<const ClusterPlugin* (*)()>(dlsym(handle, "toroid_cluster_plugin"));
        if (!entry) throw InputError(path + " is not toroid's MPI plugin: " + dlerror());
        plugin = entry();
    }
    plugin->start(&c.rank_, &c.size_);
    job_rank = c.rank_, job_size = c.size_;
    return c;
}

std::string cluster_error_prefix() {
    if (job_size <= 1) return "";
    return "rank " + std::to_string(job_rank) + " of " + std::to_string(job_size) + ": ";
}

void end_cluster_job(int code) {
    if (job_size <= 1 || !plugin) return;
    std::fflush(nullptr);
    plugin->abort(code);
}

std::vector<std::string> Cluster::gather(const std::string& mine) const {
    if (size_ == 1) return {mine};
    return plugin->gather(mine, rank_, size_);
}

std::pair<std::uint64_t, std::uint64_t> Cluster::shard(const std::string& shard_option,
                                                       std::string& out) const {
    if (size_ == 1)
        return shard_option.empty() ? std::pair<std::uint64_t, std::uint64_t>{0, 1}
                                    : parse_shard(shard_option);
    if (!shard_option.empty())
        throw InputError("--shard cannot be combined with mpirun: the ranks are the shards");
    if (!out.empty()) out += "." + std::to_string(rank_);
    return {std::uint64_t(rank_), std::uint64_t(size_)};
}

double Cluster::max(double value) const {
    return size_ == 1 ? value : plugin->max(value);
}

}  // namespace toroid::cli
