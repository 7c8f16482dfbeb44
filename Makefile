# toroid: the two commands of the README.
#   make run   installs what is missing, builds, runs the main job
#   make test  same set-up, then every test suite
BUILD ?= build
JOBS  ?= $(shell nproc)
CUDA  ?= AUTO
CMAKE_FLAGS ?=
# The interpreter the Python module is built for and tested with: the
# virtual environment scripts/deps.sh makes (Debian's python3 + nanobind).
PYTHON ?= $(CURDIR)/.venv/bin/python

.PHONY: all deps configure build run test bench clean

all: build

deps:
	@bash scripts/deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DTOROID_CUDA=$(CUDA) -DPython_EXECUTABLE=$(PYTHON) $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

run: build
	@$(BUILD)/cli/toroid demo

test: build
	@cd $(BUILD) && ctest --output-on-failure -j$(JOBS) --timeout 900

bench: build
	@$(BUILD)/cli/toroid bench

clean:
	rm -rf $(BUILD)
