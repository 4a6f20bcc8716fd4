# The two entry points of the README, and the builds behind them.
#   make run      install what membench needs, build membench and its helper alone, run a 64 MiB memcpy
#   make test     install what the tests need too, build everything, pass every test
#                 (also under ASan+UBSan: make test-sanitize)
#   make install  put membench on the PATH: PREFIX (default /usr/local), DESTDIR as usual
#   make fuzz     build the libFuzzer targets with Clang and run each FUZZ_SECONDS (docs/fuzzing.md)
#   make test-arm64  cross-build for arm64, pass the unit tests and a run, report and compare under qemu-user (docs/arm64.md)
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
FUZZ_SECONDS ?= 60
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: all setup-run setup-test build build-all run test test-sanitize test-arm64 install fuzz clean

all: build

setup-run:
	./scripts/setup-deps.sh run

setup-test:
	./scripts/setup-deps.sh test

# The tests are configured only where they are built: `make run` needs
# neither GoogleTest nor the test binaries.
build: setup-run
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMEMBENCH_BUILD_TESTS=OFF $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS) --target membench membench-helper membench-forker

build-all: setup-test
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMEMBENCH_BUILD_TESTS=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/membench run memcpy --size 64M --impl all

# Where the tests run decides which skips are allowed (tests/skips.toml):
# `user` allows what a user's machine may lack, root included; .ci/run
# passes SKIPS_ALLOWED=ci. The skipped tests are listed after every run.
SKIPS_ALLOWED ?= user
CHECK_SKIPS = python3 scripts/check-skips.py --where $(SKIPS_ALLOWED) tests/skips.toml

# CTEST_EXCLUDE: a regular expression of tests left out (test-sanitize's).
CTEST_EXCLUDE ?=
test: build-all
	rm -rf $(BUILD)/test-xml
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) $(if $(CTEST_EXCLUDE),-E '$(CTEST_EXCLUDE)'); status=$$?; \
	  $(CHECK_SKIPS) $(BUILD)/test-xml || status=1; exit $$status

# Line tables only (-g1): what the sanitizers' reports need, and a
# shorter build than -O2 -g, the longest step of .ci/run. The README's
# walk-through is left out here: it compares printed output, which `make
# test` checks, runs alone (RUN_SERIAL) for minutes under the sanitizers,
# and runs no code the other end-to-end tests do not.
test-sanitize:
	$(MAKE) test BUILD=build-sanitize CTEST_EXCLUDE='^walkthrough' \
	  CMAKE_FLAGS="-DMEMBENCH_SANITIZE=ON -DMEMBENCH_WERROR=ON '-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG'"

# The unit tests (pure functions, synthetic samples, every kernel against
# the reference) of an arm64 build, each binary run by qemu-aarch64, then
# the arm64 membench end to end with the defaults: what can be checked of
# arm64 without an arm64 machine. -O2 as the other builds,
# without their debug information (-g), which only slows this build: nothing
# here is debugged in place. (Release's -O3 meets a false -Wrestrict in GCC
# 12's libstdc++.)
ARM64_TESTS = unit_tests kernels_test report_test calibration_test
ARM64_PROGRAMS = membench membench-helper membench-forker
test-arm64:
	./scripts/setup-deps.sh arm64
	cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" -DMEMBENCH_BUILD_TESTS=ON $(CMAKE_FLAGS)
	cmake --build build-arm64 -j $(JOBS) --target $(ARM64_TESTS) $(ARM64_PROGRAMS)
	rm -rf build-arm64/test-xml
	ctest --test-dir build-arm64 --output-on-failure -j $(JOBS) -L unit; status=$$?; \
	  $(CHECK_SKIPS) build-arm64/test-xml || status=1; exit $$status
	./scripts/arm64-end-to-end.sh build-arm64 $(SKIPS_ALLOWED)

install: build
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix "$(PREFIX)"

# A file at a time (no unity batches): this build also checks that every
# file includes what it uses.
fuzz: setup-test
	cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DMEMBENCH_FUZZ=ON \
	  -DMEMBENCH_SANITIZE=ON -DMEMBENCH_BUILD_TESTS=OFF -DMEMBENCH_FAST_BUILD=OFF $(CMAKE_FLAGS)
	cmake --build build-fuzz -j $(JOBS) --target fuzzers
	./scripts/run-fuzzers.sh build-fuzz $(FUZZ_SECONDS)

clean:
	rm -rf build build-sanitize build-fuzz build-fuzz-ub build-arm64
