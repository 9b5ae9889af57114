#!/bin/sh
# run_case.sh GRUNDY GRUNDY_MPI MPIRUN CASE.sh -- run one grundy-mpi test.
# The case runs with $GRUNDY, $GRUNDY_MPI, $MPIRUN and $WORK (a fresh
# folder, removed afterwards) set and the helpers of lib.sh loaded; it
# passes when it exits 0 (each helper names the spec and the number of
# processes of a failure).
GRUNDY=$1
GRUNDY_MPI=$2
MPIRUN=$3
case_sh=$4
WORK=$(mktemp -d)
XDG_CACHE_HOME=$WORK/cache
# Open MPI refuses to run as root without these (CI containers do)
OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export GRUNDY GRUNDY_MPI MPIRUN WORK XDG_CACHE_HOME OMPI_ALLOW_RUN_AS_ROOT \
    OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
trap 'rm -rf "$WORK"' EXIT
. "$(dirname "$0")/lib.sh"
. "$case_sh"
