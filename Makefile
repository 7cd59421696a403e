# Two commands for a newcomer:  `make run` (the judge)  and  `make test`
# (everything, as CI runs it); `make check` is the quick loop while working
# (the tests marked slow left out, property tests trying fewer examples).
# Both run the tests on every core (pytest-xdist, set in pyproject.toml).
# They bootstrap uv (the project's environment manager) when it is missing.

UV := $(shell command -v uv 2>/dev/null)
ifeq ($(UV),)
UV := python3 -m uv
endif

.PHONY: run test check lint format bootstrap bench

bootstrap:
	@command -v uv >/dev/null 2>&1 || python3 -m uv --version >/dev/null 2>&1 || \
	  python3 -m pip install --quiet --user uv || \
	  python3 -m pip install --quiet --user --break-system-packages uv

run: bootstrap
	$(UV) run judge serve

test: bootstrap
	@sh scripts/test-services.sh
	@sh scripts/test-browser.sh
	$(UV) run --locked ruff check .
	$(UV) run --locked ruff format --check .
	$(UV) run --locked lint-imports
	$(UV) run --locked pytest --full

check: bootstrap
	$(UV) run --locked ruff check .
	$(UV) run --locked ruff format --check .
	$(UV) run --locked lint-imports
	$(UV) run --locked pytest

lint: bootstrap
	$(UV) run ruff check --fix .
	$(UV) run ruff format .

bench: bootstrap
	$(UV) run python -m benchmarks.all
