#!/usr/bin/env python3
"""A random player for Diffusion and Differo over Tabula's engine protocol.

    tabula arena --games diffusion,differo \\
        --agents random "engine(cmd=\\"python3 examples/engines/random_engine.py\\")"

Its choices follow `--seed N`, else the TABULA_SEED Tabula sets.
"""

from tabula_engine import serve


def choose(game, state, rng):
    """A uniformly random legal move."""
    return rng.choice(game.legal_moves(state))


if __name__ == "__main__":
    serve("random_engine.py (Tabula example)", choose)
