# clustersim: the two commands of the quick start, plus bench and asan.
#   make run    install deps if missing, build (Release), simulate a real trace into out/ with report.html
#   make test   install deps if missing, build with ASan+UBSan, run every test
#   make bench  Release build, micro-benchmarks and end-to-end timings (BENCHMARKS.md)
#   make asan   the sanitizer build only
#   make fuzz   libFuzzer targets (clang), each run for FUZZ_SECONDS (part of make test)
#   make install  clustersim and simulator into $(PREFIX)/bin

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
TRACES ?= ../shared/traces
RUN_TRACE ?= $(TRACES)/KTH-SP2-1996-2.1-cln.swf.gz
RELEASE := build/release
ASAN := build/asan
FUZZ := build/fuzz
# Seconds each fuzz target runs in `make fuzz` and `make test` (CI: 60).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := csv_reader swf_reader timestamp config_file jsonl_trace cluster_yaml caps_yaml llnl_history

.PHONY: all deps release asan run test test-release bench install clean fuzz fuzz-build

all: release

deps:
	@bash scripts/install-deps.sh

$(RELEASE)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(RELEASE) -G Ninja -DCMAKE_BUILD_TYPE=Release

$(ASAN)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(ASAN) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLUSTERSIM_SANITIZE=ON \
	  -DCLUSTERSIM_BUILD_BENCH=OFF

release: deps $(RELEASE)/build.ninja
	cmake --build $(RELEASE) -j $(JOBS)

asan: deps $(ASAN)/build.ninja
	cmake --build $(ASAN) -j $(JOBS)

run: deps $(RELEASE)/build.ninja
	cmake --build $(RELEASE) -j $(JOBS) --target clustersim simulator
	$(RELEASE)/src/clustersim simulate $(RUN_TRACE) --backfill easy --check --report -o out/kth-easy
	@echo "outputs in out/kth-easy/: schedule.csv resources.csv jobs.csv summary.json report.html"
	$(RELEASE)/src/clustersim simulate examples/ai-day.jsonl --cluster examples/cluster.yaml --check --report -o out/ai-day
	@echo "outputs in out/ai-day/: jobs.csv placements.csv timeseries.csv nodes.csv devices.csv summary.json report.html ..."
	@echo "open the report: $(abspath out/kth-easy/report.html)"

# Tests run under ASan+UBSan; CLUSTERSIM_TRACES tells them where the shared traces are.
# Then every fuzz target runs for FUZZ_SECONDS (time-boxed; any finding fails).
test: asan
	cd $(ASAN) && CLUSTERSIM_TRACES=$(abspath $(TRACES)) ASAN_OPTIONS=detect_leaks=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --output-on-failure -j $(JOBS)
	$(MAKE) fuzz

$(FUZZ)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(FUZZ) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
	  -DCLUSTERSIM_FUZZ=ON -DCLUSTERSIM_BUILD_TESTS=OFF -DCLUSTERSIM_BUILD_BENCH=OFF

fuzz-build: deps $(FUZZ)/build.ninja
	cmake --build $(FUZZ) -j $(JOBS) --target $(addsuffix _fuzz,$(FUZZ_TARGETS))

# Each target starts from the committed corpus (fuzz/corpus/<target>) and the
# bad-input corpus; new inputs go to a scratch copy, never into the repository.
fuzz: fuzz-build
	bash scripts/run-fuzzers.sh $(FUZZ) $(FUZZ_SECONDS) $(JOBS) $(FUZZ_TARGETS)

test-release: release
	cd $(RELEASE) && CLUSTERSIM_TRACES=$(abspath $(TRACES)) ctest --output-on-failure -j $(JOBS)

PREFIX ?= /usr/local
install: release
	cmake --install $(RELEASE) --prefix $(PREFIX)

bench: release
	bash bench/run_e2e.sh $(RELEASE) $(TRACES)

clean:
	rm -rf build out
