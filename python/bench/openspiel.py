"""Tabula's MCTS against OpenSpiel's at equal time per move, on OpenSpiel's
own Oware and on Tabula's registered in OpenSpiel, and what OpenSpiel's
MCTS pays to search Tabula's Oware through the Python bridge; in one run.

    pip install "./python[openspiel]"
    python python/bench/openspiel.py [--games 100] [--ms 100] [--json FILE]

The match: `tabula.openspiel.Bot("mcts(time=100ms)")` against OpenSpiel's
Python `MCTSBot` with its random-rollout evaluator (one rollout a leaf,
UCT constant 2 on returns in [-1, 1], the same exploration as Tabula's 1 on
scores in [0, 1]; solving on, as in both defaults), given the same time per
move. OpenSpiel's bot counts simulations, not time, so a subclass stops its
search when the time is up (`TimedMCTSBot`, below). The seats alternate,
and the games on the two boards alternate too, so that load on the machine
hits both alike. Each game's result is Tabula's score (win 1, draw 1/2),
reported with its Wilson 95% interval.

The throughput: OpenSpiel's `MCTSBot` (Python) and its C++ `MCTSBot`
searching a fixed number of simulations from the same positions of
OpenSpiel's `oware` and of `tabula_oware` (the same moves, the same action
numbers), alternating round after round; and random playouts through the
OpenSpiel API on both. The ratio is the bridge's cost: every call goes
C++ -> Python -> Rust on `tabula_oware`, and each clone builds a Python
object.

The calls: what `clone`, `legal_actions` and `apply_action` cost through
the OpenSpiel API on OpenSpiel's C++ games, on OpenSpiel's own Python
tic-tac-toe (`python_tic_tac_toe`) and on Tabula's (`timeit`, the fastest
of many short repeats, the games interleaved): a Python game's cost is
OpenSpiel's trampolines, whoever implements the game.

`--parts` picks which of `match`, `throughput` and `calls` run.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from importlib import metadata

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

import tabula.openspiel

# The two boards: OpenSpiel's own Oware, and Tabula's through the bridge.
BOARDS = {"oware": "OpenSpiel's oware", "tabula_oware": "tabula_oware"}


class _OutOfTime(Exception):
    pass


class TimedMCTSBot(mcts.MCTSBot):
    """OpenSpiel's MCTSBot searching for a time rather than a number of
    simulations: its search is stopped at the start of the first simulation
    after the time is up (the root's statistics are then those of the whole
    simulations so far), and at least one simulation is run."""

    def __init__(self, game, seconds: float, evaluator, random_state, uct_c: float = 2.0):
        super().__init__(game, uct_c, 10**12, evaluator, solve=True, random_state=random_state)
        self.seconds = seconds
        self.simulations: list[int] = []  # per move
        self._deadline = 0.0
        self._root = None

    def mcts_search(self, state):
        self._deadline = time.perf_counter() + self.seconds
        try:
            root = super().mcts_search(state)
        except _OutOfTime:
            root = self._root
        self.simulations.append(root.explore_count)
        return root

    def _apply_tree_policy(self, root, state):
        if root.children and time.perf_counter() >= self._deadline:
            self._root = root
            raise _OutOfTime
        return super()._apply_tree_policy(root, state)


def wilson(score: float, games: int) -> tuple[float, float]:
    """The Wilson 95% interval of a mean score over `games` games."""
    z = 1.959963984540054
    centre = (score + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(score * (1 - score) / games + z * z / (4 * games * games))
    # At 0 or 1 the interval ends there exactly (not a rounding error off).
    low = 0.0 if score <= 0.0 else max(0.0, centre - half)
    high = 1.0 if score >= 1.0 else min(1.0, centre + half)
    return low, high


def match(games: int, seconds: float, seed: int) -> dict:
    """Tabula's MCTS against OpenSpiel's at `seconds` a move, `games` games
    on each board, seats alternating, boards alternating."""
    results = {board: {"scores": [], "plies": [], "openspiel_simulations": [], "tabula_iterations": []} for board in BOARDS}
    loaded = {board: pyspiel.load_game(board) for board in BOARDS}
    spec = f"mcts(time={round(seconds * 1000)}ms)"
    for index in range(games):
        for board, game in loaded.items():
            rng = np.random.RandomState(seed + index)
            theirs = TimedMCTSBot(game, seconds, mcts.RandomRolloutEvaluator(1, rng), rng)
            ours = tabula.openspiel.Bot(spec, seed=seed + index)
            iterations: list[int] = []
            ours_seat = index % 2
            bots = [ours, theirs] if ours_seat == 0 else [theirs, ours]
            state = game.new_initial_state()
            returns = play(state, bots, rng, ours, iterations)
            result = results[board]
            result["scores"].append((returns[ours_seat] + 1) / 2)
            result["plies"].append(state.move_number())
            result["openspiel_simulations"].extend(theirs.simulations)
            result["tabula_iterations"].extend(iterations)
            done = sum(result["scores"])
            print(f"  {board:<13} game {index + 1:>3}: Tabula {'South' if ours_seat == 0 else 'North'}, "
                  f"scored {result['scores'][-1]:.1f} in {state.move_number()} plies (total {done:.1f}/{index + 1})",
                  file=sys.stderr, flush=True)
    report = {}
    for board, result in results.items():
        scores = result["scores"]
        mean = sum(scores) / len(scores)
        low, high = wilson(mean, len(scores))
        report[board] = {
            "games": len(scores),
            "tabula_wins": scores.count(1.0),
            "draws": scores.count(0.5),
            "tabula_losses": scores.count(0.0),
            "tabula_score": mean,
            "wilson_95": [low, high],
            "median_plies": statistics.median(result["plies"]),
            "openspiel_simulations_per_move_median": statistics.median(result["openspiel_simulations"]),
            "tabula_iterations_per_move_median": statistics.median(result["tabula_iterations"]),
        }
    return report


def play(state, bots, rng, ours: tabula.openspiel.Bot, iterations: list[int]) -> list[float]:
    """`evaluate_bots`, noting the iterations of each search of Tabula's bot."""
    for bot in bots:
        bot.restart_at(state)
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].step(state)
        if bots[player] is ours and ours.agent.last_search is not None:
            iterations.append(ours.agent.last_search["iterations"])
        for other, bot in enumerate(bots):
            if other != player:
                bot.inform_action(state, player, action)
        state.apply_action(action)
    return state.returns()


def positions(game, count: int, seed: int) -> list:
    """The start and `count - 1` positions after 10, 20, ... seeded random
    plies: the same moves on either board (the same action numbers)."""
    rng = np.random.RandomState(seed)
    found = [game.new_initial_state()]
    while len(found) < count:
        state = game.new_initial_state()
        for _ in range(10 * len(found)):
            state.apply_action(int(rng.choice(state.legal_actions())))
            if state.is_terminal():
                break
        if not state.is_terminal():
            found.append(state)
    return found


def history_positions(game, histories: list[list[int]]) -> list:
    states = []
    for history in histories:
        state = game.new_initial_state()
        for action in history:
            state.apply_action(action)
        states.append(state)
    return states


def simulations_per_second(search, states) -> float:
    """Simulations per second of `search(state)` -> simulations, over `states`."""
    simulations = 0
    start = time.perf_counter()
    for state in states:
        simulations += search(state)
    return simulations / (time.perf_counter() - start)


def playout_steps_per_second(states, seed: int) -> float:
    """Random-playout steps per second through the OpenSpiel API (`clone`,
    `legal_actions`, `apply_action`, `is_terminal`), from each state."""
    rng = np.random.RandomState(seed)
    steps = 0
    start = time.perf_counter()
    for state in states:
        for _ in range(5):
            working = state.clone()
            while not working.is_terminal():
                working.apply_action(int(rng.choice(working.legal_actions())))
                steps += 1
    return steps / (time.perf_counter() - start)


def throughput(rounds: int, simulations: int, seed: int) -> dict:
    """OpenSpiel's MCTS (Python and C++) and random playouts on both boards,
    from the same positions, the boards alternating round after round."""
    loaded = {board: pyspiel.load_game(board) for board in BOARDS}
    histories = [state.history() for state in positions(loaded["oware"], 4, seed)]
    states = {board: history_positions(game, histories) for board, game in loaded.items()}
    for board in BOARDS:  # the same positions on both boards
        assert [str(s.legal_actions()) for s in states[board]] == [str(s.legal_actions()) for s in states["oware"]]

    def python_mcts(game, index):
        bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + index)),
                           random_state=np.random.RandomState(seed + index))
        return lambda state: bot.mcts_search(state).explore_count

    def cpp_mcts(game, index):
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, seed + index), 2.0, simulations * 10, 1000, True,
                              seed + index, False)
        return lambda state: bot.mcts_search(state).explore_count

    kinds = {"python_mcts_simulations_per_second": python_mcts, "cpp_mcts_simulations_per_second": cpp_mcts}
    figures: dict[str, dict[str, list[float]]] = {kind: {board: [] for board in BOARDS} for kind in kinds}
    figures["playout_steps_per_second"] = {board: [] for board in BOARDS}
    for index in range(rounds):
        for board, game in loaded.items():
            for kind, make in kinds.items():
                figures[kind][board].append(simulations_per_second(make(game, index), states[board]))
            figures["playout_steps_per_second"][board].append(playout_steps_per_second(states[board], seed + index))
        print(f"  throughput round {index + 1}/{rounds} done", file=sys.stderr, flush=True)
    report = {}
    for kind, per_board in figures.items():
        ratios = [t / o for t, o in zip(per_board["tabula_oware"], per_board["oware"])]
        report[kind] = {
            **{board: statistics.median(values) for board, values in per_board.items()},
            "ratio_median": statistics.median(ratios),
            "ratios": ratios,
        }
    return report


# The statements `call_costs` times, at a state two moves into a game.
CALLS = {
    "clone()": "state.clone()",
    "legal_actions()": "state.legal_actions()",
    "apply_action(a)": "next(copies).apply_action(action)",
}
CALL_GAMES = ["tic_tac_toe", "python_tic_tac_toe", "tabula_tictactoe", "oware", "tabula_oware"]


def call_costs(repeats: int = 50, number: int = 500) -> dict[str, dict[str, float]]:
    """Microseconds per call of each of `CALLS` on each of `CALL_GAMES`: the
    fastest of `repeats` runs of `number` calls, the games interleaved;
    `apply_action` plays on fresh clones (their taking is subtracted)."""
    import timeit

    from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)

    spaces = {}
    for name in CALL_GAMES:
        state = pyspiel.load_game(name).new_initial_state()
        for _ in range(2):
            state.apply_action(state.legal_actions()[0])
        spaces[name] = {"state": state, "action": state.legal_actions()[0]}
    best = {name: {call: math.inf for call in [*CALLS, "baseline"]} for name in CALL_GAMES}
    for _ in range(repeats):
        for name, space in spaces.items():
            for call, statement in [*CALLS.items(), ("baseline", "next(copies)")]:
                if "copies" in statement:
                    space["copies"] = iter([space["state"].clone() for _ in range(number)])
                seconds = timeit.timeit(statement, number=number, globals=space)
                best[name][call] = min(best[name][call], seconds / number * 1e6)
    for costs in best.values():
        costs["apply_action(a)"] -= costs.pop("baseline")
    return best


def machine() -> dict:
    model = "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            model = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "python": sys.version.split()[0],
        "open_spiel": metadata.version("open_spiel"),
        "platform": platform.platform(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games on each board (seats alternate)")
    parser.add_argument("--ms", type=float, default=100, help="milliseconds per move for both bots")
    parser.add_argument("--rounds", type=int, default=7, help="alternating throughput rounds")
    parser.add_argument("--simulations", type=int, default=200, help="Python MCTS simulations per search (C++: 10x)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the report to this file")
    parser.add_argument("--parts", default="match,throughput,calls", help="which parts to run, comma-separated")
    args = parser.parse_args()
    if args.games < 1 or args.rounds < 1 or args.simulations < 1 or args.ms <= 0:
        parser.error("--games, --rounds and --simulations must be at least 1, --ms above 0")
    parts = args.parts.split(",")
    if not parts or not set(parts) <= {"match", "throughput", "calls"}:
        parser.error("--parts takes match, throughput and calls, comma-separated")

    report: dict = {"machine": machine(), "load_before": os.getloadavg(), "settings": vars(args)}
    if "calls" in parts:
        report["calls_us"] = call_costs()
    if "throughput" in parts:
        report["throughput"] = throughput(args.rounds, args.simulations, args.seed)
    if "match" in parts:
        report["match"] = match(args.games, args.ms / 1000, args.seed)
    report["load_after"] = os.getloadavg()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)

    print(f"{report['machine']['cpu']}, {report['machine']['cores']} cores; Python {report['machine']['python']}, "
          f"open_spiel {report['machine']['open_spiel']}; load {report['load_before'][0]:.1f} before, "
          f"{report['load_after'][0]:.1f} after")
    if "match" in report:
        print_match(report["match"], args.ms)
    if "throughput" in report:
        print(f"\nOpenSpiel on tabula_oware / on its own oware (medians of {args.rounds} rounds, and of the per-round ratios):")
        for kind, row in report["throughput"].items():
            print(f"  {kind:<36} oware {row['oware']:>12,.0f}   tabula_oware {row['tabula_oware']:>12,.0f}   "
                  f"ratio {row['ratio_median']:.3f}")
    if "calls_us" in report:
        print("\nmicroseconds per call through the OpenSpiel API (fastest of the repeats):")
        print(f"  {'':<18}" + "".join(f"{call:>18}" for call in CALLS))
        for name, costs in report["calls_us"].items():
            print(f"  {name:<18}" + "".join(f"{costs[call]:>18.2f}" for call in CALLS))
    return 0


def print_match(rows: dict, ms: float) -> None:
    print(f"\nTabula mcts(time={ms:g}ms) against OpenSpiel's MCTSBot at {ms:g} ms a move:")
    for board, row in rows.items():
        low, high = row["wilson_95"]
        print(f"  {BOARDS[board]:<18} {row['games']} games: +{row['tabula_wins']} ={row['draws']} -{row['tabula_losses']}, "
              f"Tabula scores {row['tabula_score']:.3f} [{low:.3f}, {high:.3f}]; median {row['median_plies']:g} plies; "
              f"per move: OpenSpiel {row['openspiel_simulations_per_move_median']:g} simulations, "
              f"Tabula {row['tabula_iterations_per_move_median']:g} iterations")


if __name__ == "__main__":
    sys.exit(main())
