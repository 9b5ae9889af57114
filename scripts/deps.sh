#!/bin/sh
# deps.sh -- install the Debian packages grundy needs, if any are missing.
# As root: apt-get installs them.  Otherwise: print the exact command and
# fail, so nothing half-builds.
#   the library and program:  build-essential cmake pkg-config libflint-dev
#                             libgmp-dev libxxhash-dev (libcairo2-dev: PDF
#                             and PNG pictures, optional at build time)
#   the tests:                libcmocka-dev; libxml2-utils and librsvg2-bin
#                             check the pictures
#   the Python module:        python3-dev python3-numpy python3-setuptools
#                             python3-venv; python3-pytest runs its tests;
#                             python3-tqdm draws progress bars (optional)
#   the JSON schema test:     python3-jsonschema; time (/usr/bin/time
#                             measures memory in a test)
#   grundy-mpi (tier tabulation over MPI) and its tests:
#                             libopenmpi-dev openmpi-bin
#   grundy serve (the web explorer) and its tests:
#                             libmicrohttpd-dev; chromium, chromium-driver
#                             and python3-selenium for the browser test
#   bench/graph_classes.py:   python3-pynauty (nauty's canonical forms)
set -eu
PKGS="build-essential cmake pkg-config libcmocka-dev libflint-dev libgmp-dev
      libxxhash-dev libcairo2-dev libxml2-utils librsvg2-bin
      python3-dev python3-numpy python3-setuptools python3-venv
      python3-pytest python3-tqdm python3-jsonschema time libopenmpi-dev
      openmpi-bin
      clang libclang-rt-14-dev
      libmicrohttpd-dev chromium chromium-driver python3-selenium
      python3-pynauty"
missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
        grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
    echo "deps: installing:$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing >/dev/null
else
    echo "deps: missing Debian packages:$missing" >&2
    echo "deps: run: sudo apt-get install -y$missing" >&2
    exit 1
fi
