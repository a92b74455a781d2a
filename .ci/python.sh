#!/usr/bin/env bash
# The Python bindings (python/, outside the workspace): format and lints,
# then the module built into a fresh virtual environment as a user installs
# it (`pip install ./python`: pip fetches maturin, the build backend), the
# type stubs checked against the built module (mypy's stubtest) and the
# package's types (mypy), and the pytest suite, which checks results
# against the REPL binaries of the test build.
#
# CI builds the wheel with the `ci` profile (python/Cargo.toml: the test
# suite's settings) instead of the release profile users get, and shares
# the workspace's target folder, so that what the test build compiled
# already is not compiled again. TABULA_PYTHON_PROFILE=release builds the
# wheel exactly as users get it.
# Installs python3 with venv and pip through apt-get when missing (CI starts
# from a clean machine); pip fetches maturin, pytest, numpy, pettingzoo,
# open_spiel and mypy from PyPI. The virtual environment is new each run and
# removed after.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
export CARGO_TARGET_DIR="$PWD/target"
profile=${TABULA_PYTHON_PROFILE:-ci}
cargo fmt --manifest-path python/Cargo.toml --check
cargo clippy --manifest-path python/Cargo.toml --all-targets -- -D warnings
echo "python-ci: fmt and clippy done at $SECONDS s"
if ! command -v python3 >/dev/null || ! python3 -c "import ensurepip, venv" 2>/dev/null; then
    echo "python-ci: installing python3-venv and python3-pip with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv python3-pip >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --upgrade pip
MATURIN_PEP517_ARGS="--profile $profile" "$work/venv/bin/python" -m pip install -q "./python[test]"
echo "python-ci: installed (profile $profile) at $SECONDS s"
# The installed package, as users get it: its types, and its stubs against
# the built module.
(cd "$work" && "$work/venv/bin/python" -m mypy --config-file "$OLDPWD/python/pyproject.toml" -p tabula \
    && "$work/venv/bin/python" -m mypy.stubtest tabula._tabula --allowlist "$OLDPWD/python/stubtest-allowlist.txt")
# The REPL binaries the tests compare the bindings' results with: those of
# the test build (`cargo test` made them; `--no-run` only checks they are
# current: `cargo build` would unify features without the dev-dependencies
# and compile the workspace again).
cargo test -q --workspace --no-run
echo "python-ci: types checked, binaries current at $SECONDS s"
cd "$work"  # import the installed package, not the source folder
# One worker per core (pytest-xdist): 57 s on two cores, 92 s in one process.
TABULA_BIN_DIR="$OLDPWD/target/debug" "$work/venv/bin/python" -m pytest -q -p no:cacheprovider -n auto "$OLDPWD/python/tests"
