"""`python/bench/openspiel.py`, the measurement of docs/results/openspiel.md,
run in miniature so that it cannot rot: one game a board at 5 ms a move,
one throughput round, the calls timed once. Its figures are not checked
(they are timings); its report's shape and its arithmetic are."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

from conftest import ROOT

SCRIPT = ROOT / "python" / "bench" / "openspiel.py"
_spec = importlib.util.spec_from_file_location("openspiel_bench", SCRIPT)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def test_the_bench_runs_and_reports_both_boards(tmp_path):
    out = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "1", "--ms", "5", "--rounds", "1",
         "--simulations", "5", "--parts", "match,throughput", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    assert set(report["match"]) == {"oware", "tabula_oware"}
    for row in report["match"].values():
        assert row["games"] == row["tabula_wins"] + row["draws"] + row["tabula_losses"] == 1
        low, high = row["wilson_95"]
        assert 0.0 <= low <= row["tabula_score"] <= high <= 1.0
        assert row["openspiel_simulations_per_move_median"] >= 2 and row["tabula_iterations_per_move_median"] >= 1
    for row in report["throughput"].values():
        assert row["oware"] > 0 and row["tabula_oware"] > 0 and len(row["ratios"]) == 1
    assert "Tabula mcts(time=5ms)" in done.stdout


def test_call_costs_cover_every_call_and_game():
    costs = bench.call_costs(repeats=1, number=5)
    assert list(costs) == bench.CALL_GAMES
    for per_call in costs.values():
        assert list(per_call) == list(bench.CALLS)
        assert per_call["clone()"] > 0 and per_call["legal_actions()"] > 0


def test_wilson_interval():
    assert bench.wilson(1.0, 12)[1] == 1.0
    low, high = bench.wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert bench.wilson(0.0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))


def test_bench_arguments_are_checked():
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "0"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "--games" in done.stderr
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--parts", "match,nothing"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and "--parts" in done.stderr
