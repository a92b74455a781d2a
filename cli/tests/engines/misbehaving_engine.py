"""An engine that misbehaves as told, for the tests of forfeits:

    misbehaving_engine.py MODE N

It plays random moves (as the example random engine does) until its N-th
`go`, and then, by MODE:

    crash       writes a note to stderr and exits with status 3
    hang        never answers
    illegal     answers a move that is never legal in Differo (A1-I5)
    unparsable  answers a move that is not a move at all (banana)
    garbage     writes a line that is not the protocol
    slow        (any N) sleeps 60 s before it reads the handshake
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "engines"))

from tabula_engine import serve  # noqa: E402

mode, fail_at = sys.argv[1], int(sys.argv[2])
calls = 0


def choose(game, state, rng):
    global calls
    calls += 1
    if calls >= fail_at:
        if mode == "crash":
            sys.stderr.write(f"misbehaving engine: crashing on purpose at move {calls}\n")
            sys.stderr.flush()
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "illegal":
            return "A1-I5"
        if mode == "unparsable":
            return "banana"
        if mode == "garbage":
            print("thinking very hard about it", flush=True)
    return rng.choice(game.legal_moves(state))


if mode == "slow":
    time.sleep(60)
serve(f"misbehaving engine ({mode} at move {fail_at})", choose, argv=[])
