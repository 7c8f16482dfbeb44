#!/usr/bin/env bash
# one_core.sh COMMAND...: runs COMMAND pinned to one core of this process's
# affinity mask (the first one allowed: a container's cpuset need not hold
# core 0), so that "usable cores" is 1 whatever the machine has.
first=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*\([0-9]*\).*/\1/p' /proc/self/status)
exec taskset -c "${first:-0}" "$@"
