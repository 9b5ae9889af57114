# grundy -- the two commands a new machine needs:
#   make run    install missing Debian packages, build (Release; the log
#               goes to build/build.log), run the bundled examples, each
#               with a title saying what it asks
#   make test   the same set-up, then the whole suite twice through CTest:
#               Release, and Debug with ASan + UBSan; then the threaded
#               paths under ThreadSanitizer (label tsan) and a short run of
#               every fuzz target (clang, label fuzz)
#   make install PREFIX=P
#               build, then install the library, headers, pkg-config and
#               CMake files, the program and its man page under P
#               (default /usr/local)
# Other targets: build, bench, fuzz (FUZZ_SECONDS per target, default 60),
# clean.

JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
BUILD   ?= build
ASAN    ?= build-asan
TSAN    ?= build-tsan
FUZZ    ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_SMOKE ?= 10
PREFIX  ?= /usr/local
CMAKE_FLAGS ?=
ifeq ($(CI),true)
CMAKE_FLAGS += -DGRUNDY_WERROR=ON
endif

.PHONY: all deps build run test test-release test-asan test-tsan \
	test-fuzz fuzz install bench clean

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

test: test-release test-asan test-tsan test-fuzz

test-release: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-asan: deps
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DGRUNDY_SANITIZE=ON \
	    $(CMAKE_FLAGS)
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ctest --output-on-failure -j $(JOBS)

# The multi-threaded paths under ThreadSanitizer: only what the tsan tests
# need is built.
test-tsan: deps
	cmake -S . -B $(TSAN) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGRUNDY_TSAN=ON \
	    -DGRUNDY_BUILD_CLI=OFF $(CMAKE_FLAGS)
	cmake --build $(TSAN) -j $(JOBS) --target grundy_tsan_tests
	cd $(TSAN) && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	    ctest --output-on-failure -j $(JOBS) -L tsan

# Fuzz targets (clang): a smoke run of each in `make test` (label fuzz,
# FUZZ_SMOKE seconds each), a campaign of FUZZ_SECONDS each here.
test-fuzz: deps
	CC=clang cmake -S . -B $(FUZZ) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	    -DGRUNDY_FUZZ=ON -DGRUNDY_BUILD_CLI=ON \
	    -DGRUNDY_FUZZ_SMOKE=$(FUZZ_SMOKE) $(CMAKE_FLAGS)
	cmake --build $(FUZZ) -j $(JOBS) --target grundy_fuzz_targets
	cd $(FUZZ) && ctest --output-on-failure -j $(JOBS) -L fuzz

fuzz: deps
	CC=clang cmake -S . -B $(FUZZ) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	    -DGRUNDY_FUZZ=ON -DGRUNDY_BUILD_CLI=ON $(CMAKE_FLAGS)
	cmake --build $(FUZZ) -j $(JOBS) --target grundy_fuzz_targets
	sh tests/fuzz/run.sh $(FUZZ) $(FUZZ_SECONDS)

bench: deps
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release \
	    -DGRUNDY_BUILD_BENCH=ON $(CMAKE_FLAGS)
	cmake --build build-bench -j $(JOBS)
	@echo "benchmarks are in build-bench/bench/ (see bench/RESULTS.md)"

clean:
	rm -rf $(BUILD) $(ASAN) $(TSAN) $(FUZZ) build-bench
