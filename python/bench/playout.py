"""Random-playout steps per second from Python: tabula against OpenSpiel's
pyspiel on the game both have (tic-tac-toe), side by side in one run, and
Tabula's own games.

    pip install ./python open_spiel
    python python/bench/playout.py [--rounds 7] [--seconds 1.0] [--json]

Both sides run the same Python loop (``legal_actions``, ``random.choice``,
``apply_action`` until ``is_terminal``), so the figures include the cost
of calling each library from Python, which is what a Python user pays.
The two sides alternate, round after round, so load on the machine hits
both alike; the report gives each side's median over the rounds and the
median of the per-round ratios. An uncounted warm-up round first lets the
interpreter specialise the loop (Python >= 3.11 does so only after a
function has been called a few times) for every contender alike.

Then the cost of each call in the loop, on both tic-tac-toe sides, timed
one at a time (``timeit``, the two sides interleaved, the fastest of many
short repeats, so the figures show the calls rather than the load).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
import timeit

import tabula

# Random games longer than this restart (a dense Grid Diffusion board can
# run for a very long time); their steps still count.
MAX_STEPS = 5000


def steps_per_second(new_state, seconds: float, rng: random.Random) -> float:
    """Plays random games for about `seconds`; returns steps (actions applied) per second."""
    steps = 0
    start = time.perf_counter()
    while True:
        state = new_state()
        played = 0
        while not state.is_terminal() and played < MAX_STEPS:
            state.apply_action(rng.choice(state.legal_actions()))
            played += 1
        steps += played
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


# The statements `per_call_ns` times: the loop's calls, one at a time, at a
# position two moves into a game (`state`, whose legal actions are
# `actions`; `action` is one of them). `apply_action` plays on fresh copies,
# taken from an iterator: the baseline's cost of taking one is subtracted.
CALLS = {
    "is_terminal()": "state.is_terminal()",
    "legal_actions()": "state.legal_actions()",
    "random.choice(actions)": "rng.choice(actions)",
    "apply_action(action)": "next(copies).apply_action(action)",
    "new_initial_state()": "new_state()",
}
BASELINE = "next(copies)"
NUMBER = 2000


def per_call_ns(contenders: dict, repeats: int) -> dict[str, dict[str, float]]:
    """Nanoseconds per call of each of `CALLS` for each contender: the
    fastest of `repeats` runs of `NUMBER` calls, the contenders interleaved."""
    spaces = {}
    for name, new_state in contenders.items():
        state = new_state()
        for _ in range(2):
            state.apply_action(state.legal_actions()[0])
        actions = state.legal_actions()
        spaces[name] = {
            "state": state,
            "actions": actions,
            "action": actions[len(actions) // 2],
            "new_state": new_state,
            "rng": random.Random(1),
        }
    best = {name: {call: float("inf") for call in [*CALLS, BASELINE]} for name in contenders}
    for _ in range(repeats):
        for name, space in spaces.items():
            for call, statement in [*CALLS.items(), (BASELINE, BASELINE)]:
                if "copies" in statement:
                    space["copies"] = iter([space["state"].clone() for _ in range(NUMBER)])
                seconds = timeit.timeit(statement, number=NUMBER, globals=space)
                best[name][call] = min(best[name][call], seconds / NUMBER * 1e9)
    for costs in best.values():
        costs["apply_action(action)"] -= costs.pop(BASELINE)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds per side")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per side per round")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--no-pyspiel", action="store_true", help="measure tabula only")
    parser.add_argument("--call-repeats", type=int, default=100, help="timeit repeats per call (0: skip)")
    args = parser.parse_args()

    contenders = {"tabula tictactoe": tabula.load_game("tictactoe").new_initial_state}
    if not args.no_pyspiel:
        import pyspiel

        contenders["pyspiel tic_tac_toe"] = pyspiel.load_game("tic_tac_toe").new_initial_state
    for spec in ("diffusion", "grid-diffusion", "calcala", "calcala(players=4)", "differo"):
        contenders[f"tabula {spec}"] = tabula.load_game(spec).new_initial_state

    rng = random.Random(1)
    for new_state in contenders.values():
        steps_per_second(new_state, min(0.2, args.seconds), rng)
    results: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(args.rounds):
        for name, new_state in contenders.items():
            results[name].append(steps_per_second(new_state, args.seconds, rng))

    report = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "rounds": args.rounds,
        "seconds": args.seconds,
        "median_steps_per_second": {n: statistics.median(r) for n, r in results.items()},
        "rounds_steps_per_second": results,
    }
    if not args.no_pyspiel:
        ratios = [t / p for t, p in zip(results["tabula tictactoe"], results["pyspiel tic_tac_toe"])]
        report["tictactoe_ratio_median"] = statistics.median(ratios)
        report["tictactoe_ratios"] = ratios
    sides = [name for name in contenders if name in ("tabula tictactoe", "pyspiel tic_tac_toe")]
    calls = per_call_ns({name: contenders[name] for name in sides}, args.call_repeats) if args.call_repeats else {}
    if calls:
        report["tictactoe_call_ns"] = calls
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"random-playout steps/s from Python {report['python']}, {args.rounds} rounds of {args.seconds} s per side")
    for name, values in results.items():
        print(f"  {name:<28} median {statistics.median(values):>12,.0f}   min {min(values):>12,.0f}   max {max(values):>12,.0f}")
    if not args.no_pyspiel:
        ratios = report["tictactoe_ratios"]
        print(
            f"tabula / pyspiel on tic-tac-toe: median of per-round ratios {report['tictactoe_ratio_median']:.2f} "
            f"(rounds: {', '.join(f'{r:.2f}' for r in ratios)})"
        )
    if calls:
        print("ns per call on tic-tac-toe, two moves in (fastest of the repeats):")
        print(f"  {'':<24}" + "".join(f"{name:>22}" for name in calls))
        for call in CALLS:
            print(f"  {call:<24}" + "".join(f"{costs[call]:>22.0f}" for costs in calls.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
