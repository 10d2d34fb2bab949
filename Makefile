# eagertape developer entry points. `make demo` and `make test` set everything up:
# a virtualenv at $(VENV) (reused), the Python dependencies (installed once), and the
# extension (an incremental `maturin develop --release` into the venv).

VENV ?= .venv
PY := $(VENV)/bin/python
PY_DEPS := "torch==2.11.0" numpy scikit-learn tqdm matplotlib pytest hypothesis expecttest "maturin>=1.5,<2" ruff safetensors mypy "pyright[nodejs]" twine mkdocs-material "mkdocstrings[python]"
# A new dependency list is a new stamp: a reused venv installs what it lacks.
DEPS_STAMP := $(VENV)/.eagertape-deps-$(shell echo '$(PY_DEPS)' | md5sum | cut -c1-8)

# torch-sys links against the torch wheel in the venv; it runs the `python` found on PATH.
export LIBTORCH_USE_PYTORCH := 1
ACTIVATE := . $(VENV)/bin/activate &&

.PHONY: setup build test check-imports check-host-alloc stubs check-stubs stubtest typecheck test-rust test-python demo bench bench-rust bench-smoke lint fmt clean \
	wheel test-wheel test-pip-install docs coverage check-coverage

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

# The layering of src/: no import circle among its files (`tools/check-imports`).
check-imports:
	python3 tools/check-imports

# No host buffer that can abort the process: every sized `vec!`/`with_capacity`/`resize` in
# src/ is fallible (`error::host_vec`) or marked `// bounded: why` (`tools/check-host-alloc`).
check-host-alloc:
	python3 tools/check-host-alloc

# The generated parts of the Python surface: the pointwise unary family's stubs and
# re-exports (from src/ops/unary.rs's list), and `_core.pyi`'s docstrings (the built
# extension's, from the Rust doc comments). `make stubs` writes both; `check-stubs` fails
# while a block is stale. Both need the built extension (the docstrings are its own).
stubs: build
	$(PY) tools/gen-stubs

check-stubs: build
	$(PY) tools/gen-stubs --check

# The generated API-coverage page (docs/reference/coverage.md, tools/coverage): torch 2.11's
# public names in Tensor, torch.*, nn, nn.functional, nn.init that eagertape has, the missing
# ones, and what is out of scope and why. `coverage` writes it; `check-coverage` fails while stale.
coverage: build
	$(PY) tools/coverage

check-coverage: build
	$(PY) tools/coverage --check

# The whole package against its runtime: every class, method, function, parameter name,
# kind and default of `eagertape._core` as `_core.pyi` declares it, and of every Python
# module as its annotations say (mypy's stubtest; the allowlist holds type-only aliases).
stubtest: build
	cd python && MYPY_CACHE_DIR=$(abspath $(VENV))/.mypy-cache $(abspath $(PY)) -m mypy.stubtest eagertape --allowlist ../tools/stubtest-allowlist.txt

# The package's own code under mypy --strict, and typed user code against the stubs: the
# examples and tests/python/test_typed_usage.py under mypy --strict and pyright (strict);
# pyproject.toml's [tool.mypy] and [tool.pyright] list them.
typecheck: build
	$(ACTIVATE) MYPY_CACHE_DIR=$(abspath $(VENV))/.mypy-cache mypy
	$(ACTIVATE) pyright --pythonpath $(abspath $(PY))

test: check-imports check-host-alloc check-stubs check-coverage test-rust test-python stubtest typecheck

# One abi3 wheel (CPython >= 3.11): $(DIST)/eagertape-*-cp311-abi3-manylinux_2_34_x86_64.whl.
# LibTorch is not in it: the extension finds the torch==2.11.0 wheel's libraries beside it in
# site-packages through its RUNPATH $ORIGIN/../torch/lib (build.rs), as the venv build does,
# so auditwheel runs in `warn` mode: it lists LibTorch's libraries (expected) and vendors
# nothing, but still fails on a symbol version newer than the tag allows. manylinux_2_34 is
# the honest tag for a build on this machine (Debian 12, glibc 2.36): the extension needs
# GLIBC_2.34 (pthread_key_create and friends, in libc.so.6 since 2.34) and GLIBCXX_3.4.26
# (GCC 9), so it loads on glibc >= 2.34 only (torch's own wheel asks for 2.28; a build on an
# older glibc would lower ours). `tools/wheel check` verifies the tag, the symbol versions,
# the RUNPATH (only $ORIGIN-relative entries), that the wheel holds no library but the
# extension and that its METADATA links to no file of the source tree; `twine check` that
# the wheel's and the sdist's metadata render.
DIST ?= dist
WHEEL_TAG ?= manylinux_2_34
wheel: setup
	mkdir -p $(DIST)
	rm -f $(DIST)/eagertape-*.whl $(DIST)/eagertape-*.tar.gz
	$(ACTIVATE) maturin build --release --compatibility $(WHEEL_TAG) --auditwheel warn --out $(DIST)
	$(ACTIVATE) maturin sdist --out $(DIST)
	WHEEL_TAG=$(WHEEL_TAG) bash tools/wheel check $(DIST)
	$(ACTIVATE) twine check --strict $(DIST)/eagertape-*

# The wheel installed into a fresh venv (deleted and recreated every time) of another CPython
# (pyenv's or PATH's 3.12, else 3.13; or WHEEL_PYTHON=/path/to/python3.x) with torch==2.11.0
# and the test dependencies, then tests/python run against the installed copy.
WHEEL_VENV ?= $(HOME)/.cache/eagertape-ci/wheel-venv
test-wheel: wheel
	WHEEL_VENV=$(WHEEL_VENV) bash tools/wheel test $(DIST)

# `pip install .` of HEAD as a user runs it (README, "Install"): a clean export, pip's isolated
# build, a fresh venv; then the installed copy's RUNPATH and README's first example.
PIP_VENV ?= $(HOME)/.cache/eagertape-ci/pip-venv
test-pip-install:
	bash tools/wheel pip-install $(PIP_VENV)

demo: build
	$(ACTIVATE) python examples/train_digits.py

# The documentation site (mkdocs.yml, docs/): mkdocs-material, the API reference from the
# docstrings and stubs (mkdocstrings), every warning an error; then every public name must
# have its anchor in it (tools/check-reference). Its code blocks run in tests/python/test_docs.py.
DOCS_SITE ?= site
docs: build
	$(ACTIVATE) NO_MKDOCS_2_WARNING=1 mkdocs build --strict --site-dir $(DOCS_SITE)
	$(ACTIVATE) python tools/check-reference $(DOCS_SITE)

bench: build
	$(PY) -m pip install --quiet matplotlib
	$(ACTIVATE) python benches/compare.py --plot benches/ratios.png

bench-rust: setup
	$(ACTIVATE) cargo bench --bench core

# What CI runs: every benchmark once, briefly, so they keep working (no timing asserted).
bench-smoke: build
	$(ACTIVATE) python benches/compare.py --quick
	$(ACTIVATE) python benches/torch_style.py --quick
	$(ACTIVATE) python benches/module_scope.py --quick
	$(ACTIVATE) python benches/capture_guard.py --quick
	$(ACTIVATE) cargo bench --bench core -- --test

lint: setup check-imports check-host-alloc check-stubs
	$(ACTIVATE) cargo fmt --check && cargo clippy --release --all-targets -- -D warnings && cargo clippy --release --features python -- -D warnings && ruff check python tests examples benches tools/coverage

fmt:
	cargo fmt
	$(VENV)/bin/ruff format python tests examples benches tools/coverage

clean:
	cargo clean
	rm -rf $(VENV)
