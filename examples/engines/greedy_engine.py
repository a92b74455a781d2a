#!/usr/bin/env python3
"""A one-ply greedy player for Diffusion and Differo over Tabula's engine
protocol: it plays a winning move when there is one, never a move that
loses at once, and otherwise the move whose position the game's evaluation
likes best for it (ties broken at random, from the seed).

    tabula arena --games diffusion,differo \\
        --agents random "engine(cmd=\\"python3 examples/engines/greedy_engine.py\\")"
"""

from tabula_engine import serve

WIN = float("inf")


def score(game, state, seat):
    """How good `state` (after our move) is for `seat`."""
    winner = game.winner(state)
    if winner is not None:
        return WIN if winner == seat else -WIN
    return game.evaluate(state, seat)


def choose(game, state, rng):
    """The best move by one ply of look-ahead."""
    seat = game.to_move(state)
    scored = [(score(game, game.play(state, move), seat), move) for move in game.legal_moves(state)]
    best = max(s for s, _ in scored)
    return rng.choice([move for s, move in scored if s == best])


if __name__ == "__main__":
    serve("greedy_engine.py (Tabula example)", choose)
