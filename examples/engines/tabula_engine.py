"""The engine side of Tabula's engine protocol (docs/protocol.md), for
engines written in Python with the standard library only.

An engine is a function ``choose(game, state, rng) -> move text``; ``serve``
does the rest: it reads commands from stdin, answers on stdout, and reports
every problem as one ``error ...`` line without ending the session.

    from tabula_engine import serve
    serve("my-engine", lambda game, state, rng: rng.choice(game.legal_moves(state)))

The games it knows are the rule modules next to it (``diffusion.py``,
``differo.py``); each offers the same few functions, listed in ``GAMES``.
"""

import os
import random
import sys

import differo
import diffusion

PROTOCOL = "tabula-engine"
VERSION = 1

# The games this engine can play, by the name Tabula gives them.
GAMES = {"diffusion": diffusion, "differo": differo}


class EngineError(Exception):
    """A command that cannot be carried out: answered with `error MESSAGE`."""


def parse_spec(spec):
    """`diffusion(width=8,stones=3)` -> ("diffusion", {"width": "8", "stones": "3"})."""
    name, _, rest = spec.strip().partition("(")
    params = {}
    if rest:
        if not rest.endswith(")"):
            raise EngineError(f"`{spec}` is not of the form name(key=value,...)")
        for pair in filter(None, rest[:-1].split(",")):
            key, equals, value = pair.partition("=")
            if not equals:
                raise EngineError(f"`{pair}` in `{spec}` is not key=value")
            params[key.strip().lower()] = value.strip()
    return name.strip().lower(), params


class Game:
    """One variant of one game: its rules module and its parameters."""

    def __init__(self, spec):
        name, params = parse_spec(spec)
        if name not in GAMES:
            raise EngineError(f"unknown game `{name}`; this engine plays {', '.join(GAMES)}")
        self.rules = GAMES[name]
        try:
            self.variant = self.rules.variant(params)
        except ValueError as e:
            raise EngineError(f"{spec}: {e}") from None

    # The rules, with the variant filled in.
    def start(self):
        return self.rules.start(self.variant)

    def parse_position(self, text):
        return self.rules.parse_position(self.variant, text)

    def legal_moves(self, state):
        return self.rules.legal_moves(self.variant, state)

    def play(self, state, move):
        return self.rules.play(self.variant, state, move)

    def winner(self, state):
        return self.rules.winner(self.variant, state)

    def to_move(self, state):
        return self.rules.to_move(state)

    def evaluate(self, state, seat):
        return self.rules.evaluate(self.variant, state, seat)


def split_position(args):
    """`TEXT|start [moves M1 M2 ...]` -> (TEXT or "start", [M1, M2, ...])."""
    words = args.split()
    if "moves" in words:
        at = words.index("moves")
        return " ".join(words[:at]), words[at + 1:]
    return " ".join(words), []


def read_position(game, base, moves, known=None):
    """The state after `moves` from `base`. `known` is an earlier
    (base, moves, state): when these moves extend those, only the new ones
    are played, so a game's growing move list costs one move per turn."""
    if not base:
        raise EngineError("`position` needs a position text or `start`")
    if known and known[0] == base and moves[:len(known[1])] == known[1]:
        state, done = known[2], len(known[1])
    else:
        try:
            state = game.start() if base == "start" else game.parse_position(base)
        except ValueError as e:
            raise EngineError(f"bad position `{base}`: {e}") from None
        done = 0
    for n, move in enumerate(moves[done:], done + 1):
        try:
            state = game.play(state, move)
        except ValueError as e:
            raise EngineError(f"move {n} `{move}`: {e}") from None
    return state


def seed_from(argv):
    """`--seed N` on the command line, else Tabula's TABULA_SEED, else 0."""
    if "--seed" in argv[:-1]:
        return int(argv[argv.index("--seed") + 1])
    return int(os.environ.get("TABULA_SEED", "0"))


def serve(name, choose, argv=None):
    """Answers the protocol on stdin/stdout until `quit` or end of input."""
    argv = sys.argv[1:] if argv is None else argv
    rng = random.Random(seed_from(argv))
    game = state = known = None

    def send(line):
        print(line, flush=True)

    for line in sys.stdin:
        command, _, args = line.strip().partition(" ")
        args = args.strip()
        try:
            if command == "":
                continue
            elif command == PROTOCOL:
                if args != str(VERSION):
                    raise EngineError(f"this engine speaks {PROTOCOL} {VERSION}, not {args}")
                send(f"id name {name}")
                send("ok")
            elif command == "game":
                game, state, known = Game(args), None, None
                send("ok")
            elif command == "position":
                if game is None:
                    raise EngineError("no game: send `game SPEC` first")
                base, moves = split_position(args)
                state = read_position(game, base, moves, known)
                known = (base, moves, state)
                send("ok")
            elif command == "go":
                # time=MS and iterations=N are budgets; this engine answers
                # at once, so it needs neither.
                if state is None:
                    raise EngineError("no position: send `position ...` first")
                if game.winner(state) is not None:
                    raise EngineError("the game is over in this position")
                send(f"bestmove {choose(game, state, rng)}")
            elif command == "stop":
                pass  # `go` is answered at once: there is never a search to stop.
            elif command == "quit":
                return
            else:
                raise EngineError(f"unknown command `{command}`")
        except EngineError as e:
            send(f"error {e}")
