"""Tabula's Oware and Kalah against OpenSpiel's, move for move.

Seeded random games are played in both implementations at once: at every
ply the legal actions (mapped between the numberings), the houses or pits,
the captures or stores and the side to move must agree, and at the end the
returns. `oware` is OpenSpiel's `oware` with the same houses and seeds;
`kalah(empty_capture=off)` is OpenSpiel's `mancala` (6 pits, 4 seeds).

The differences that are real, and how the comparison treats them:
- OpenSpiel ends both games after `max_game_length()` (1,000) moves as a
  draw; Tabula's games have no length limit. Random games are far shorter
  (Oware at most 311 plies, mancala 77, over 2,000 games each), and the
  test asserts that no game it plays comes near the limit.
- At the end of mancala OpenSpiel leaves the remaining seeds in the pits
  and counts them for their owner; Tabula sweeps them into the stores. At
  the end the test compares each side's pits plus store with Tabula's store.
- OpenSpiel numbers mancala's actions by board index (South's pits 1-6,
  North's 8-13); Tabula numbers the mover's pits 0-5 from its own left.
  Registered in OpenSpiel (`tabula.openspiel`), `tabula_kalah` takes
  OpenSpiel's numbers: the first games of each comparison also play the
  registered game, which must list and take the very action numbers
  OpenSpiel's game does, with no mapping in the test.
"""

from __future__ import annotations

import random

import pyspiel

import tabula
import tabula.openspiel

# (Tabula spec, OpenSpiel game string, games): thousands of games in all,
# within a few seconds each.
OWARE = [
    ("oware", "oware", 4000),
    ("oware(houses=4,seeds=3)", "oware(num_houses_per_player=4,num_seeds_per_house=3)", 1000),
    ("oware(houses=3,seeds=2)", "oware(num_houses_per_player=3,num_seeds_per_house=2)", 1000),
    ("oware(houses=8,seeds=5)", "oware(num_houses_per_player=8,num_seeds_per_house=5)", 300),
]
KALAH_GAMES = 4000
# The first games of each comparison that the registered game plays too.
REGISTERED_GAMES = 300


class Registered:
    """The registered Tabula game (`tabula_oware`, `tabula_kalah`) played
    beside OpenSpiel's from the first `REGISTERED_GAMES` seeds: at every ply
    it must agree with OpenSpiel's game in OpenSpiel's own action numbers."""

    def __init__(self, spec: str, seed: int):
        self.state = tabula.openspiel.load_game(spec).new_initial_state() if seed < REGISTERED_GAMES else None

    def check(self, theirs, where: str) -> None:
        if self.state is None:
            return
        assert self.state.is_terminal() == theirs.is_terminal(), where
        if theirs.is_terminal():
            assert self.state.returns() == theirs.returns(), where
            assert self.state.current_player() == theirs.current_player(), where
            return
        assert self.state.current_player() == theirs.current_player(), where
        assert self.state.legal_actions() == theirs.legal_actions(), where
        assert self.state.legal_actions_mask() == theirs.legal_actions_mask(), where

    def apply(self, openspiel_action: int) -> None:
        if self.state is not None:
            self.state.apply_action(openspiel_action)


def tabula_board(state: tabula.State) -> tuple[list[int], list[int], list[int], int]:
    """South's row from South's left, North's from North's left, the captures
    or stores (South, North) and the side to move, from the position text."""
    rows, counts, side = state.position().split()
    south, north = (list(map(int, row.split(","))) for row in rows.split("/"))
    return south, north, list(map(int, counts.split(","))), "SN".index(side)


def oware_board(state, houses: int, total: int) -> tuple[list[int], list[int], list[int]]:
    """OpenSpiel's Oware from its observation: every house (player 0's, then
    player 1's, each from its owner's left) and the two scores, as fractions
    of all the seeds."""
    counts = [round(x * total) for x in state.observation_tensor(0)]
    return counts[:houses], counts[houses : 2 * houses], counts[2 * houses :]


def play_oware(spec: str, openspiel: str, seed: int) -> int:
    ours = tabula.load_game(spec).new_initial_state()
    theirs = pyspiel.load_game(openspiel).new_initial_state()
    houses = len(tabula_board(ours)[0])
    total = sum(sum(part) for part in tabula_board(ours)[:3])
    registered = Registered(spec, seed)
    rng = random.Random(seed)
    plies = 0
    while True:
        where = f"{spec}, seed {seed}, ply {plies}"
        south, north, scores, side = tabula_board(ours)
        assert oware_board(theirs, houses, total) == (south, north, scores), where
        assert ours.is_terminal() == theirs.is_terminal(), where
        registered.check(theirs, where)
        if ours.is_terminal():
            assert ours.returns() == theirs.returns(), where
            return plies
        assert ours.current_player() == theirs.current_player() == side, where
        legal = ours.legal_actions()
        assert legal == theirs.legal_actions(), where
        action = rng.choice(legal)
        ours.apply_action(action)
        theirs.apply_action(action)
        registered.apply(action)
        plies += 1
        assert plies < theirs.get_game().max_game_length() // 2, f"{where}: near OpenSpiel's length limit"


def to_mancala(seat: int, action: int) -> int:
    """OpenSpiel's mancala action for a Tabula Kalah action of `seat`."""
    return action + 1 if seat == 0 else action + 8


def play_kalah(seed: int) -> int:
    ours = tabula.load_game("kalah(empty_capture=off)").new_initial_state()
    theirs = pyspiel.load_game("mancala").new_initial_state()
    registered = Registered("kalah(empty_capture=off)", seed)
    rng = random.Random(seed)
    plies = 0
    while True:
        where = f"kalah, seed {seed}, ply {plies}"
        south, north, stores, side = tabula_board(ours)
        # OpenSpiel's board: North's store, South's pits 1-6, South's store, North's pits 8-13.
        board = [round(x) for x in theirs.observation_tensor(0)[:14]]
        assert ours.is_terminal() == theirs.is_terminal(), where
        registered.check(theirs, where)
        if ours.is_terminal():
            assert south == north == [0] * 6, where
            assert stores == [sum(board[1:8]), sum(board[8:]) + board[0]], where
            assert ours.returns() == theirs.returns(), where
            return plies
        assert (south, north, stores) == (board[1:7], board[8:], [board[7], board[0]]), where
        assert ours.current_player() == theirs.current_player() == side, where
        legal = ours.legal_actions()
        assert [to_mancala(side, a) for a in legal] == theirs.legal_actions(), where
        action = rng.choice(legal)
        ours.apply_action(action)
        theirs.apply_action(to_mancala(side, action))
        registered.apply(to_mancala(side, action))
        plies += 1
        assert plies < theirs.get_game().max_game_length() // 2, f"{where}: near OpenSpiel's length limit"


def test_oware_plays_as_openspiels_oware():
    for spec, openspiel, games in OWARE:
        plies = [play_oware(spec, openspiel, seed) for seed in range(games)]
        assert min(plies) > 0, spec


def test_kalah_without_empty_captures_plays_as_openspiels_mancala():
    plies = [play_kalah(seed) for seed in range(KALAH_GAMES)]
    assert min(plies) > 0


def perft(state, depth: int) -> int:
    """Positions after exactly `depth` plies, finished games not expanded
    (as `tabula perft` counts); works on either implementation's states."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    return sum(perft(state.child(action), depth - 1) for action in state.legal_actions())


def test_every_line_of_play_to_depth_6_is_the_same():
    """Random games sample the lines; here every line of the first 6 plies
    is compared, by its count (docs/mancala.md has them to depth 8), and
    the registered game's to depth 5 (each of its states is a Python
    object, each child a clone through OpenSpiel)."""
    for ours, theirs, counts in [
        ("oware", "oware", [6, 36, 190, 1014, 5219, 27332]),
        ("kalah(empty_capture=off)", "mancala", [6, 35, 185, 942, 4690, 23233]),
    ]:
        start = tabula.load_game(ours).new_initial_state()
        openspiel = pyspiel.load_game(theirs).new_initial_state()
        registered = tabula.openspiel.load_game(ours).new_initial_state()
        for depth, count in enumerate(counts, 1):
            assert perft(start, depth) == perft(openspiel, depth) == count, (ours, depth)
            if depth <= 5:
                assert perft(registered, depth) == count, (ours, depth)


def test_the_comparison_meets_every_ending():
    """The default games compared above end in every way an Oware game can
    (the board's last line says which), so the comparison covers them all."""
    endings = set()
    for seed in range(OWARE[0][2]):
        state = tabula.load_game("oware").new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        result = state.board().splitlines()[-1]
        endings.add(result[result.index("(") + 1 : result.index(";")])
    assert endings == {"more than half captured", "no move feeds the opponent", "a position repeated"}
