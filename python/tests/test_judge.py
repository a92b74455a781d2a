"""Judging against a solved game's database from Python: the report
``tabula analyse`` writes, and one recorded game move by move."""

from __future__ import annotations

import json
import subprocess

import pytest

import tabula
from conftest import binary

GAME = "kalah(pits=2,seeds=2)"


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    """Kalah with two pits of two seeds, solved by score margin (`tabula solve`)."""
    path = tmp_path_factory.mktemp("db") / "kalah-2-2.db"
    subprocess.run([str(binary("tabula")), "solve", GAME, "--db", str(path)],
                   check=True, capture_output=True)
    return path


def test_analyse_returns_the_report_the_cli_writes(database, tmp_path):
    results = tmp_path / "arena"
    tabula.arena(["random", f"perfect(db={database})"], games=GAME, rounds=3, seed=2,
                 opening_plies=1, out=str(results))
    report = tabula.analyse(results, database, out=tmp_path / "py")
    assert json.loads((tmp_path / "py" / "accuracy.json").read_text()) == report
    assert (tmp_path / "py" / "accuracy.svg").read_text().startswith("<svg")
    subprocess.run([str(binary("tabula")), "analyse", str(results), "--db", str(database),
                    "--out", str(tmp_path / "cli")], check=True, capture_output=True)
    assert json.loads((tmp_path / "cli" / "accuracy.json").read_text()) == report
    assert report["games"] == 6 and report["by_margin"]
    # Every game opened with one ply no agent chose; the agents' own moves
    # make up the rest, and perfect play loses nothing with them.
    assert report["opening_plies"] == 6
    best = next(a for a in report["agents"] if a["name"].startswith("perfect"))
    assert best["perfect"] == best["moves"] > 0
    assert best["margin_lost"] == 0 and best["perfect_rate"]["value"] == 1.0
    assert best["perfect_rate"]["low"] < 1.0  # a Wilson interval, open below
    plies = sum(json.loads(line)["plies"]
                for line in (results / "games.jsonl").read_text().splitlines())
    assert sum(a["moves"] for a in report["agents"]) + report["opening_plies"] == plies


def test_judge_game_marks_every_move(database, tmp_path):
    results = tmp_path / "arena"
    tabula.arena(["random", "greedy"], games=GAME, rounds=1, opening_plies=2, out=str(results))
    line = (results / "games.jsonl").read_text().splitlines()[0]
    record = json.loads(line)
    judged = tabula.judge_game(line, database)
    assert judged == tabula.judge_game(record, database)
    # The random opening stops short of a move that would end the game, so
    # the record's counts say how long it was: its plies less the agents' moves.
    opening = judged["opening_plies"]
    assert opening == record["plies"] - sum(record["moves_made"])
    assert 1 <= opening <= 2
    moves = judged["moves"]
    assert [m["mv"] for m in moves] == record["moves"]
    assert all(m["agent"] is None and m["phase"] is None for m in moves[:opening])
    assert all(m["agent"] in record["agents"] for m in moves[opening:])
    for m in moves:
        assert m["margin_lost"] == m["position"]["margin"] - m["played"]["margin"] >= 0
        assert m["perfect"] == (m["margin_lost"] == 0) == (m["mv"] in m["best"])
        assert m["position"]["text"].startswith("margin ")


def test_bad_input_raises_value_error(database, tmp_path):
    with pytest.raises(ValueError, match="no-such.db"):
        tabula.analyse(tmp_path, tmp_path / "no-such.db")
    with pytest.raises(ValueError, match="games.jsonl"):
        tabula.analyse(tmp_path, database)
    with pytest.raises(ValueError, match="not a Tabula record"):
        tabula.judge_game("{not json", database)
    record = {"format": "tabula-record", "version": 1, "game": "kalah(pits=3)", "moves": ["A"]}
    with pytest.raises(ValueError, match="the database solves kalah"):
        tabula.judge_game(record, database)
