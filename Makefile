# The two entry points of the README, and the builds behind them.
#   make run   set up, build, and run a short default experiment
#   make test  set up, build, and pass every test (also under ASan+UBSan: make test-sanitize)
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: all setup build run test test-sanitize clean

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

clean:
	rm -rf build build-sanitize
