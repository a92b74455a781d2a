"""Game studies from Python: ``tabula.study`` returns the summary
``tabula study`` writes, and refuses bad options with its messages."""

from __future__ import annotations

import json
import subprocess

import pytest

import tabula

from conftest import binary


def test_a_study_returns_the_summary_the_cli_writes(tmp_path):
    summary = tabula.study("diffusion(width=4)", vary={"stones": [1, 2]}, agent="mcts(iterations=20)",
                           games=6, ladder="mcts(iterations=4..8)", ladder_games=6, seed=5, threads=2)
    out = tmp_path / "cli"
    subprocess.run(
        [str(binary("tabula")), "study", "diffusion(width=4)", "--vary", "stones=1,2",
         "--agent", "mcts(iterations=20)", "--games", "6", "--ladder", "mcts(iterations=4..8)",
         "--ladder-games", "6", "--seed", "5", "--threads", "1", "--out", str(out)],
        check=True, capture_output=True,
    )
    assert summary == json.loads((out / "summary.json").read_text())
    labels = [v["label"] for v in summary["variants"]]
    assert labels == ["stones=1", "stones=2"]
    for variant in summary["variants"]:
        assert variant["self_play"]["games"] == 6
        assert variant["self_play"]["draws"]["value"] == 0.0
        assert len(variant["depth"]["steps"]) == 1
    assert summary["variants"][0]["exact"]["distance"] == 21


def test_a_study_keeps_its_folder_when_asked_and_refuses_bad_options(tmp_path):
    summary = tabula.study(variants=["kalah(pits=2,seeds=2)"], games=0, ladder="none", out=str(tmp_path))
    assert json.loads((tmp_path / "summary.json").read_text()) == summary
    assert summary["variants"][0]["exact"]["margin"] == -2
    with pytest.raises(ValueError, match="holds a study already"):
        tabula.study(variants=["kalah(pits=2,seeds=2)"], games=0, ladder="none", out=str(tmp_path))
    for options, message in [
        ({"game": "go"}, "unknown game `go`"),
        ({"game": "diffusion", "vary": ["stones"]}, "not a sweep"),
        ({"game": "diffusion", "ladder": "mcts"}, "not a ladder"),
        ({"game": "diffusion", "games": -1}, "--games"),
    ]:
        with pytest.raises(ValueError, match=message):
            tabula.study(**options)
