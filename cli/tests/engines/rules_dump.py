"""Plays random games with the example engines' rules and prints, for every
position, one JSON line: the moves so far, the position text, the legal
moves and the winner. The Rust test replays them with Tabula's rules.

    python3 rules_dump.py SPEC GAMES SEED
"""

import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "engines"))

from tabula_engine import Game  # noqa: E402

spec, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
game = Game(spec)
for _ in range(games):
    state, moves = game.start(), []
    while True:
        legal = game.legal_moves(state)
        text = game.rules.position(game.variant, state)
        print(json.dumps({"moves": moves, "position": text, "legal": legal, "winner": game.winner(state)}))
        if not legal:
            break
        move = rng.choice(legal)
        state = game.play(state, move)
        moves.append(move)
