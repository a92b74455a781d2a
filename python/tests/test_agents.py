"""Agents and tournaments from Python: moves, the released GIL, the arena."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import threading
import time

import pytest

import tabula
from conftest import ROOT, SPECS, binary


def test_agents_choose_legal_moves_in_every_game():
    specs = ("random", "greedy", "mcts(iterations=50)", "alphabeta(depth=2)")
    agents = [tabula.Agent(spec, seed=7) for spec in specs]
    for spec in SPECS:
        state = tabula.load_game(spec).new_initial_state()
        for ply in range(8):
            if state.is_terminal():
                break
            action = agents[ply % len(agents)].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)


def test_an_outside_engine_plays_from_python():
    # The engine kind runs the example engine, a Python program of its own.
    script = ROOT / "examples" / "engines" / "random_engine.py"
    # Limits no loaded machine can miss: the engine answers at once.
    engine = tabula.Agent(f'engine(cmd="{sys.executable} {script}",time=5s,margin=120s,startup=120s)', seed=3)
    state = tabula.load_game("diffusion(width=4,stones=2)").new_initial_state()
    for _ in range(4):
        action = engine.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


# An engine that logs each `position` command it is sent to the file its
# first argument names, and plays the moves its other arguments list, one
# per `go`.
LOGGING_ENGINE = """
import sys

log = open(sys.argv[1], "a")
moves = iter(sys.argv[2:])
for line in sys.stdin:
    if line.startswith("position"):
        print(line.strip(), file=log, flush=True)
    if line.startswith("go"):
        print("bestmove", next(moves), flush=True)
    elif not line.startswith("quit"):
        print("ok", flush=True)
"""


def test_inform_action_tells_an_engine_the_moves_played(tmp_path):
    # Told of every move, the engine agent sends the game's moves from its
    # start; not told, it can send only the position it is asked about.
    engine = tmp_path / "logging_engine.py"
    engine.write_text(LOGGING_ENGINE)
    logs = {}
    for informed in (True, False):
        log = logs[informed] = tmp_path / f"informed-{informed}.txt"
        agent = tabula.Agent(f'engine(cmd="{sys.executable} {engine} {log} a1 b1",time=5s,margin=120s,startup=120s)')
        state = tabula.load_game("tictactoe").new_initial_state()
        for ply in range(4):
            action = agent.step(state) if ply % 2 == 0 else state.legal_actions()[-1]
            if informed:
                agent.inform_action(state, state.current_player(), action)
            state.apply_action(action)
    assert logs[True].read_text().splitlines() == [
        "position .../.../... x",
        "position .../.../... x moves a1 c3",
    ]
    assert logs[False].read_text().splitlines() == [
        "position .../.../... x",
        "position x../.../..o x",
    ]


def test_mcts_told_of_every_move_keeps_its_tree():
    # The root's visits count a kept tree's too: told of X's move and O's
    # reply, MCTS starts its second search from the subtree it had for that
    # reply (more visits than the search's own iterations); not told, it
    # starts afresh.
    visits = {}
    for informed in (True, False):
        mcts = tabula.Agent("mcts(iterations=300)", seed=1)
        assert mcts.last_search is None
        state = tabula.load_game("tictactoe").new_initial_state()
        for action in (mcts.step(state), 0):  # O replies a1
            if informed:
                mcts.inform_action(state, state.current_player(), action)
            state.apply_action(action)
        mcts.step(state)
        search = mcts.last_search
        assert search["iterations"] == 300 and search["nodes"] > 0
        assert [action for action, _, _ in search["moves"]] != [] and 0 <= search["value"] <= 1
        visits[informed] = sum(v for _, v, _ in search["moves"])
    assert visits[True] > 300 and visits[False] == 300
    random_agent = tabula.Agent("random")
    random_agent.step(state)
    assert random_agent.last_search is None


def test_mcts_told_of_every_move_plays_a_whole_game():
    game = tabula.load_game("diffusion(width=4,stones=2)")
    mcts = tabula.Agent("mcts(iterations=200)", seed=2)
    rng = random.Random(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = mcts.step(state)
            assert action in state.legal_actions()
        else:
            action = rng.choice(state.legal_actions())
        mcts.inform_action(state, state.current_player(), action)
        state.apply_action(action)


def test_inform_action_refuses_what_is_not_the_next_move():
    agent = tabula.Agent("mcts(iterations=10)")
    state = tabula.load_game("tictactoe").new_initial_state()
    with pytest.raises(ValueError, match="player 1 is not to move: player 0 is"):
        agent.inform_action(state, 1, 4)
    with pytest.raises(ValueError, match="player 5 is not a seat"):
        agent.inform_action(state, 5, 4)
    with pytest.raises(ValueError, match="is not a move"):
        agent.inform_action(state, 0, 9)
    state.apply_action(4)
    with pytest.raises(ValueError, match="b2 is not legal here"):
        agent.inform_action(state, 1, 4)
    over = tabula.load_game("tictactoe").new_state("xxx/oo./... o")
    with pytest.raises(ValueError, match="the game is over"):
        agent.inform_action(over, 1, 8)
    assert state.history() == [4]


def test_an_engine_that_fails_is_a_runtime_error():
    broken = tabula.Agent(f'engine(cmd="{sys.executable} -c pass",startup=5s)')
    state = tabula.load_game("diffusion").new_initial_state()
    with pytest.raises(RuntimeError, match="gave up"):
        broken.step(state)
    assert state.move_number() == 0 and not broken.thinking


def test_mcts_takes_a_win_and_blocks_a_loss():
    game = tabula.load_game("tictactoe")
    mcts = tabula.Agent("mcts(iterations=3000)", seed=1)
    win = game.new_state("xx./oo./... x")
    assert win.action_to_string(mcts.step(win)) == "c1"
    block = game.new_state("oo./x../..x x")
    assert block.action_to_string(mcts.step(block)) == "c1"


def test_seeds_make_agents_repeatable():
    state = tabula.load_game("calcala").new_initial_state()
    first = [tabula.Agent("mcts(iterations=200)", seed=5).step(state) for _ in range(2)]
    assert first[0] == first[1]
    assert tabula.Agent("mcts(iterations=200)").spec == "mcts(iterations=200)"
    assert "seed=3" in repr(tabula.Agent("random", seed=3))


def test_one_agent_plays_several_games():
    agent = tabula.Agent("mcts(iterations=30)")
    for spec in ("diffusion", "differo", "diffusion"):
        state = tabula.load_game(spec).new_initial_state()
        assert agent.step(state) in state.legal_actions()


def wait_until(condition, what: str):
    """Polls `condition`; a generous guard against a hang, not a timing check."""
    deadline = time.monotonic() + 120
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.01)


def test_searches_release_the_gil_and_run_in_parallel():
    # Two threads each start a search that would think for ten minutes. The
    # main thread sees both searching at the same moment -- only possible
    # if neither holds the GIL -- then stops them, and both answer.
    state = tabula.load_game("differo").new_initial_state()
    agents = [tabula.Agent("mcts(time=600s)", seed=seed) for seed in (1, 2)]
    moves = [None, None]

    def search(index: int) -> None:
        moves[index] = agents[index].step(state.clone())

    threads = [threading.Thread(target=search, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    wait_until(lambda: all(a.thinking for a in agents), "both agents thinking at once")
    for agent in agents:
        agent.stop()
    for thread in threads:
        thread.join(timeout=120)
        assert not thread.is_alive(), "a stopped search did not answer"
    assert all(move in state.legal_actions() for move in moves)
    assert not any(a.thinking for a in agents)


def test_stop_without_a_search_does_nothing():
    agent = tabula.Agent("mcts(iterations=100)")
    agent.stop()
    state = tabula.load_game("diffusion").new_initial_state()
    assert agent.step(state) in state.legal_actions()


def without_timings(summary):
    """A summary without the measured seconds, which differ run to run."""
    if isinstance(summary, dict):
        return {k: without_timings(v) for k, v in summary.items() if k != "seconds_per_move"}
    if isinstance(summary, list):
        return [without_timings(v) for v in summary]
    return summary


def test_the_arena_returns_the_summary_the_cli_writes(tmp_path):
    games = ["tictactoe", "diffusion(width=4,stones=2)"]
    agents = ["random", "greedy", "mcts(iterations=20)"]
    summary = tabula.arena(agents, games=games, rounds=2, seed=3, threads=2, max_plies=200,
                           opening_plies=2)
    out = tmp_path / "cli"
    subprocess.run(
        [str(binary("tabula-tictactoe")), "arena", "--games", ",".join(games), "--agents", *agents,
         "--rounds", "2", "--seed", "3", "--threads", "1", "--max-plies", "200", "--opening-plies", "2",
         "--out", str(out)],
        check=True, capture_output=True,
    )
    written = json.loads((out / "summary.json").read_text())
    assert without_timings(summary) == without_timings(written)
    assert summary["played"] == summary["scheduled"] == 2 * 2 * 6
    assert [s["game"] for s in summary["games"]] == ["tictactoe", "diffusion(width=4,stones=2)"]
    rows = {row["agent"]: row for row in summary["overall"]["agents"]}
    assert set(rows) == set(agents) and all(row["games"] == 16 for row in rows.values())


def test_the_arena_keeps_its_files_when_asked(tmp_path):
    summary = tabula.arena(["random", "greedy"], games="tictactoe", rounds=1, out=str(tmp_path))
    assert json.loads((tmp_path / "summary.json").read_text()) == summary
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 2
    with pytest.raises(ValueError, match="already holds games"):
        tabula.arena(["random", "greedy"], games="tictactoe", rounds=1, out=str(tmp_path))
    again = tabula.arena(["random", "greedy"], games="tictactoe", rounds=1, out=str(tmp_path), resume=True)
    assert again["played"] == 2


def test_ctrl_c_stops_an_arena_and_keeps_its_summary(tmp_path):
    # A tournament far longer than the test: Ctrl-C (SIGINT) lets the games
    # under way finish, writes the summary of the finished games and raises
    # KeyboardInterrupt.
    out = tmp_path / "arena"
    code = (
        "import tabula\n"
        f"tabula.arena(['random', 'mcts(iterations=3000)'], games='diffusion', rounds=500, threads=1, out={str(out)!r})\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True)
    games = out / "games.jsonl"
    deadline = time.monotonic() + 300  # generous: the machine may be loaded
    while not (games.exists() and games.read_text().count("\n") >= 1):
        assert child.poll() is None, child.stderr.read()
        assert time.monotonic() < deadline, "no game was recorded"
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)
    _, stderr = child.communicate(timeout=300)
    assert child.returncode != 0
    assert "KeyboardInterrupt" in stderr, stderr
    summary = json.loads((out / "summary.json").read_text())
    assert 1 <= summary["played"] < 1000


def test_ctrl_c_interrupts_a_step_even_of_a_silent_engine(tmp_path):
    # An engine that answers the handshake and then never speaks again:
    # no progress ever comes back, yet Ctrl-C stops the step (the engine
    # gets its margin, 1 s here, to answer `stop`) with KeyboardInterrupt.
    engine = tmp_path / "silent.py"
    engine.write_text(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    if line.startswith('go'):\n"
        "        continue\n"
        "    print('ok', flush=True)\n"
    )
    code = (
        "import sys, tabula\n"
        f"agent = tabula.Agent('engine(cmd=\"{sys.executable} {engine}\",time=600s,margin=1s)')\n"
        "state = tabula.load_game('diffusion').new_initial_state()\n"
        "print('stepping', flush=True)\n"
        "agent.step(state)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "stepping"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    # Far less than the 600 s budget; generous for a loaded machine.
    _, stderr = child.communicate(timeout=120)
    assert child.returncode != 0
    assert "KeyboardInterrupt" in stderr, stderr


def test_arena_sprt_stops_at_its_decision_and_tells_standings(tmp_path):
    seen = []
    summary = tabula.arena(["mcts(iterations=300)", "mcts(iterations=10)"], games="diffusion(width=4)",
                           opening_plies=2, threads=2, sprt="elo0=0,elo1=10,alpha=0.05,beta=0.05",
                           standings_every=50, on_standings=seen.append, out=str(tmp_path))
    sprt = summary["sprt"]
    assert sprt["accepted"] == "H1"
    assert summary["played"] < 400
    assert sum(sprt["tally"]["ptnml"]) * 2 == sprt["tally"]["wins"] + sprt["tally"]["draws"] + sprt["tally"]["losses"]
    assert seen and all("sprt" in s for s in seen)
    assert sprt["llr"] >= sprt["upper"]


def test_arena_gauntlet_and_openings(tmp_path):
    suite = tmp_path / "suite.txt"
    suite.write_text("D f\nA\n")
    summary = tabula.arena(["random", "greedy", "mcts(iterations=20)"], games="diffusion",
                           gauntlet="random", openings=str(suite), openings_order="random",
                           out=str(tmp_path / "run"))
    # Two openings, so two rounds; two pairings in both seat orders.
    assert summary["played"] == 8
    assert summary["anchor"] == "random"
    assert [(p["first"], p["second"]) for p in summary["games"][0]["crosstable"]] == [
        ("random", "greedy"), ("random", "mcts(iterations=20)")]
    suite.write_text("D f\nD D\n")
    with pytest.raises(ValueError, match=r"suite.txt:2: neither moves from the start \(move 2 `D` is not legal"):
        tabula.arena(["random", "greedy"], games="diffusion", openings=str(suite))
    with pytest.raises(ValueError, match="^sprt: elo0 must be below elo1"):
        tabula.arena(["random", "greedy"], games="diffusion", sprt="elo0=5,elo1=0")


def test_arena_rates_every_agent_against_the_anchor_asked_for(tmp_path):
    summary = tabula.arena(["random", "greedy", "mcts(iterations=50)"], games="diffusion(width=4)",
                           rounds=2, out=str(tmp_path / "mean"))
    rows = summary["overall"]["agents"]
    assert summary["anchor"] == "mean"
    assert abs(sum(row["elo"] for row in rows)) < 1e-6
    assert all(row["elo_low"] < row["elo"] < row["elo_high"] for row in rows)
    assert all(row["swept"] in (None, "won", "lost") for row in rows)
    anchored = tabula.arena(["random", "greedy", "mcts(iterations=50)"], games="diffusion(width=4)",
                            rounds=2, anchor="greedy", out=str(tmp_path / "greedy"))
    assert anchored["anchor"] == "greedy"
    assert anchored["overall"]["agents"][1]["elo"] == 0.0
    # The errors name the keyword arguments, not the command's flags.
    with pytest.raises(ValueError, match="^anchor: `alphabeta` is none of the agents") as error:
        tabula.arena(["random", "greedy"], games="diffusion", anchor="alphabeta")
    assert "--" not in str(error.value)
    with pytest.raises(ValueError, match="^agents: `human` cannot play in the arena; choose one of random, "):
        tabula.arena(["random", "human"], games="diffusion")
    with pytest.raises(ValueError, match="'max_plies'"):
        tabula.arena(["random", "greedy"], games="diffusion", max_plies=-1)
