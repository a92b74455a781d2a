"""Shared helpers: the games to test, and the REPL binaries that check the
bindings' results against the REPL's."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import tabula

ROOT = Path(__file__).resolve().parents[2]

# Every registered game, each with its representative parameter sets: the
# games come from the registry, never from a list here, so a new game is
# tested by its catalog line alone.
VARIANTS = {name: tabula.representative_specs(name) for name in tabula.registered_games()}

SPECS = [spec for specs in VARIANTS.values() for spec in specs]


def binary(name: str) -> Path:
    """A REPL binary of this checkout: from $TABULA_BIN_DIR (CI sets it),
    else built here with cargo."""
    directory = os.environ.get("TABULA_BIN_DIR")
    if directory is None:
        package = {"tabula": "tabula-cli", "tabula-tictactoe": "tabula-example-tictactoe-cli"}[name]
        subprocess.run(["cargo", "build", "-q", "-p", package, "--bin", name], cwd=ROOT, check=True)
        directory = ROOT / "target" / "debug"
    path = Path(directory) / name
    assert path.is_file(), f"{path} is missing"
    return path


@pytest.fixture(scope="session")
def repl():
    """Runs the REPL on a game with commands on stdin; returns stdout."""
    binaries = {}

    def run(spec: str, commands: list[str]) -> str:
        name = "tabula-tictactoe" if spec.startswith("tictactoe") else "tabula"
        if name not in binaries:
            binaries[name] = binary(name)
        done = subprocess.run(
            [str(binaries[name]), "play", spec],
            input="\n".join(commands) + "\n",
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert "error" not in done.stderr, done.stderr
        return done.stdout

    return run
