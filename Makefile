# eagertape developer entry points. `make demo` and `make test` set everything up:
# a virtualenv at $(VENV) (reused), the Python dependencies (installed once), and the
# extension (an incremental `maturin develop --release` into the venv).

VENV ?= .venv
PY := $(VENV)/bin/python
PY_DEPS := "torch==2.11.0" numpy scikit-learn tqdm matplotlib pytest hypothesis expecttest "maturin>=1.5,<2" ruff safetensors
# A new dependency list is a new stamp: a reused venv installs what it lacks.
DEPS_STAMP := $(VENV)/.eagertape-deps-$(shell echo '$(PY_DEPS)' | md5sum | cut -c1-8)

# torch-sys links against the torch wheel in the venv; it runs the `python` found on PATH.
export LIBTORCH_USE_PYTORCH := 1
ACTIVATE := . $(VENV)/bin/activate &&

.PHONY: setup build test test-rust test-python demo bench bench-rust bench-smoke lint fmt clean

$(PY):
	python3 -m venv $(VENV)

$(DEPS_STAMP): | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet $(PY_DEPS)
	touch $(DEPS_STAMP)

setup: $(DEPS_STAMP)

build: setup
	$(ACTIVATE) maturin develop --release --quiet

test-rust: setup
	$(ACTIVATE) cargo test --release

test-python: build
	$(ACTIVATE) python -m pytest -q

test: test-rust test-python

demo: build
	$(ACTIVATE) python examples/train_digits.py

bench: build
	$(PY) -m pip install --quiet matplotlib
	$(ACTIVATE) python benches/compare.py --plot benches/ratios.png

bench-rust: setup
	$(ACTIVATE) cargo bench --bench core

# What CI runs: every benchmark once, briefly, so they keep working (no timing asserted).
bench-smoke: build
	$(ACTIVATE) python benches/compare.py --quick
	$(ACTIVATE) cargo bench --bench core -- --test

lint: setup
	$(ACTIVATE) cargo fmt --check && cargo clippy --release --all-targets -- -D warnings && cargo clippy --release --features python -- -D warnings && ruff check python tests examples benches

fmt:
	cargo fmt
	$(VENV)/bin/ruff format python tests examples benches

clean:
	cargo clean
	rm -rf $(VENV)
