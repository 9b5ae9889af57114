# grundy -- the two commands a new machine needs:
#   make run    install missing Debian packages, build (Release; the log
#               goes to build/build.log), run the bundled examples, each
#               with a title saying what it asks
#   make test   the same set-up, then the whole suite twice through CTest:
#               Release, and Debug with ASan + UBSan
#   make install PREFIX=P
#               build, then install the library, headers, pkg-config and
#               CMake files, the program and its man page under P
#               (default /usr/local)
# Other targets: build, bench, clean.

JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
BUILD   ?= build
ASAN    ?= build-asan
PREFIX  ?= /usr/local
CMAKE_FLAGS ?=
ifeq ($(CI),true)
CMAKE_FLAGS += -DGRUNDY_WERROR=ON
endif

.PHONY: all deps build run test test-release test-asan install bench clean

all: build

deps:
	@sh scripts/deps.sh

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release \
	    -DGRUNDY_BUILD_PYTHON=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

run: deps
	@sh scripts/quiet-build.sh $(BUILD) $(CMAKE_FLAGS)
	@sh scripts/run-examples.sh $(BUILD)/grundy

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

test: test-release test-asan

test-release: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-asan: deps
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DGRUNDY_SANITIZE=ON \
	    $(CMAKE_FLAGS)
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ctest --output-on-failure -j $(JOBS)

bench: deps
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release \
	    -DGRUNDY_BUILD_BENCH=ON $(CMAKE_FLAGS)
	cmake --build build-bench -j $(JOBS)
	@echo "benchmarks are in build-bench/bench/ (see bench/RESULTS.md)"

clean:
	rm -rf $(BUILD) $(ASAN) build-bench
