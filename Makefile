# The two entry points of the README, and the builds behind them.
#   make run   set up, build, and run a short default experiment
#   make test  set up, build, and pass every test (also under ASan+UBSan: make test-sanitize)
#   make fuzz  build the libFuzzer targets with Clang and run each FUZZ_SECONDS (docs/fuzzing.md)
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
FUZZ_SECONDS ?= 60

.PHONY: all setup build run test test-sanitize fuzz clean

all: build

setup:
	./scripts/setup-deps.sh

build: setup
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/membench run memcpy --size 64M --impl all

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-sanitize: setup
	$(MAKE) test BUILD=build-sanitize CMAKE_FLAGS="-DMEMBENCH_SANITIZE=ON -DMEMBENCH_WERROR=ON"

fuzz: setup
	cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DMEMBENCH_FUZZ=ON \
	  -DMEMBENCH_SANITIZE=ON -DMEMBENCH_BUILD_TESTS=OFF $(CMAKE_FLAGS)
	cmake --build build-fuzz -j $(JOBS) --target fuzzers
	./scripts/run-fuzzers.sh build-fuzz $(FUZZ_SECONDS)

clean:
	rm -rf build build-sanitize build-fuzz build-fuzz-ub
