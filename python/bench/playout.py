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
median of the per-round ratios.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds per side")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per side per round")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--no-pyspiel", action="store_true", help="measure tabula only")
    args = parser.parse_args()

    contenders = {"tabula tictactoe": tabula.load_game("tictactoe").new_initial_state}
    if not args.no_pyspiel:
        import pyspiel

        contenders["pyspiel tic_tac_toe"] = pyspiel.load_game("tic_tac_toe").new_initial_state
    for spec in ("diffusion", "grid-diffusion", "calcala", "calcala(players=4)", "differo"):
        contenders[f"tabula {spec}"] = tabula.load_game(spec).new_initial_state

    rng = random.Random(1)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
