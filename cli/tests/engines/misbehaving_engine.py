"""An engine that misbehaves as told, for the tests of forfeits:

    misbehaving_engine.py MODE N [PIDS]

It plays random moves (as the example random engine does) until its N-th
`go`, and then, by MODE:

    crash       writes a note to stderr and exits with status 3
    hang        never answers
    illegal     answers a move that is never legal in Differo (A1-I5)
    unparsable  answers a move that is not a move at all (banana)
    garbage     writes a line that is not the protocol
    slow        (any N) sleeps 60 s before it reads the handshake
    fork        forks a child that hangs (in its process group), plays on
    setsid      forks a child that hangs in a session of its own, plays on
    stubborn    ignores SIGTERM, `stop` and `quit`, forks a child that hangs
                (and ignores SIGTERM too), and never answers
    deaf        answers this `go`, then never reads its input again

Given PIDS, it appends its own pid and every child's to that file.
"""

import os
import signal
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "engines"))

from tabula_engine import serve  # noqa: E402

mode, fail_at = sys.argv[1], int(sys.argv[2])
pids = sys.argv[3] if len(sys.argv) > 3 else None
calls = 0


def note_pid():
    """Appends this process's pid to PIDS, in one write."""
    if pids:
        with open(pids, "a") as file:
            file.write(f"{os.getpid()}\n")


def hang_in_child(own_session):
    """Forks a child that sleeps for an hour, keeping the engine's pipes."""
    if os.fork() == 0:
        if own_session:
            os.setsid()
        note_pid()
        time.sleep(3600)
        os._exit(0)


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
        if mode in ("fork", "setsid") and calls == fail_at:
            hang_in_child(mode == "setsid")
        if mode == "stubborn":
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            hang_in_child(False)
            time.sleep(3600)
        if mode == "deaf":
            print(f"bestmove {rng.choice(game.legal_moves(state))}", flush=True)
            time.sleep(3600)
    return rng.choice(game.legal_moves(state))


note_pid()
if mode == "slow":
    time.sleep(60)
serve(f"misbehaving engine ({mode} at move {fail_at})", choose, argv=[])
