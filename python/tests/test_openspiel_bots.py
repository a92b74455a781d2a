"""Tabula's agents as OpenSpiel bots (`tabula.openspiel.Bot`): on the
registered Tabula games and on OpenSpiel's own Oware, mancala and
tic-tac-toe, through OpenSpiel's Python and C++ `evaluate_bots`."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

import tabula
import tabula.openspiel
from conftest import VARIANTS

# OpenSpiel's own games a Tabula bot plays, each with a Tabula twin.
OPENSPIEL_TWINS = ["oware", "mancala", "tic_tac_toe", "oware(num_houses_per_player=4,num_seeds_per_house=3)"]


def score_against_random(game, bot, games: int, seed: int) -> float:
    """`bot`'s mean score (win 1, draw 1/2) against OpenSpiel's uniform random
    bot over `games` games of two players, seats alternating, through
    OpenSpiel's Python `evaluate_bots`."""
    rng = np.random.RandomState(seed)
    score = 0.0
    for index in range(games):
        seat = index % 2
        bots = [uniform_random.UniformRandomBot(p, rng) for p in range(2)]
        bots[seat] = bot
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        score += (returns[seat] + 1) / 2
    return score / games


@pytest.mark.parametrize("name", OPENSPIEL_TWINS)
def test_a_tabula_bot_beats_random_on_openspiels_own_games(name):
    game = pyspiel.load_game(name)
    bot = tabula.openspiel.Bot("mcts(iterations=300)", seed=1)
    assert score_against_random(game, bot, games=6, seed=2) >= 5 / 6


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_tabula_bot_plays_every_registered_game(name):
    game = tabula.openspiel.load_game(name, max_game_length=60)
    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, 20 + p) for p in range(players)]
    bots[players - 1] = tabula.openspiel.Bot("mcts(iterations=200)", seed=3)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 4)  # OpenSpiel's C++ loop
    assert len(returns) == players and sum(returns) == 0.0


def test_the_bot_plays_as_the_agent_does_on_the_twin_game():
    """On OpenSpiel's mancala, the bot's moves are the Tabula agent's on
    `kalah(empty_capture=off)`, in OpenSpiel's numbers (board indices)."""
    state = pyspiel.load_game("mancala").new_initial_state()
    twin = tabula.load_game("kalah(empty_capture=off)").new_initial_state()
    bot = tabula.openspiel.Bot("alphabeta(depth=4)", seed=5)
    agent = tabula.Agent("alphabeta(depth=4)", seed=5)
    rng = np.random.RandomState(6)
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            expected = agent.step(twin)
            assert action == expected + 1  # South's pits are board indices 1..6
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        twin.apply_action(action - 1 if action < 7 else action - 8)
        state.apply_action(action)
    assert twin.is_terminal() and twin.returns() == state.returns()


def test_the_bot_keeps_its_tree_without_being_told_its_own_moves():
    """OpenSpiel's `evaluate_bots` tells a bot the others' moves only; the
    bot catches up at its next `step` with every move since its last, its
    own included, so MCTS searches on from the kept subtree."""
    game = pyspiel.load_game("oware")
    bot = tabula.openspiel.Bot("mcts(iterations=2000)", seed=7)
    state = game.new_initial_state()
    state.apply_action(bot.step(state))
    state.apply_action(state.legal_actions()[0])  # the opponent; the bot is not told
    bot.step(state)
    search = bot.agent.last_search
    assert search is not None
    assert sum(visits for _, visits, _ in search["moves"]) > search["iterations"]


def test_the_bot_follows_a_new_game_and_restarts_with_a_new_seed():
    game = pyspiel.load_game("tabula_tictactoe")
    bot = tabula.openspiel.Bot("random", seed=9)
    first = game.new_initial_state()
    moves = [bot.step(first)]
    other = game.new_initial_state()
    other.apply_action(8)
    assert bot.step(other) in other.legal_actions()  # another game: followed afresh
    bot.restart_at(game.new_initial_state())
    assert repr(bot) == "tabula.openspiel.Bot('random', seed=9)"
    # Games after a restart use seeds 10, 11, ...: the same bot plays
    # different games, and a bot made alike plays the same ones.
    again = tabula.openspiel.Bot("random", seed=9)
    again.restart()
    start = game.new_initial_state()
    assert [bot.step(start) for _ in range(5)] == [again.step(start) for _ in range(5)]
    assert moves == [tabula.openspiel.Bot("random", seed=9).step(game.new_initial_state())]


def test_the_policy_is_the_searchs_share_of_visits():
    state = pyspiel.load_game("mancala").new_initial_state()
    bot = tabula.openspiel.Bot("mcts(iterations=500)", seed=1)
    assert bot.provides_policy()
    policy, action = bot.step_with_policy(state)
    actions = [a for a, _ in policy]
    assert actions == state.legal_actions() == [1, 2, 3, 4, 5, 6]
    assert abs(sum(p for _, p in policy) - 1.0) < 1e-9
    assert action == max(policy, key=lambda pair: pair[1])[0]
    assert tabula.openspiel.Bot("random", seed=1).step_with_policy(state)[0][0][1] == 1.0


def test_the_bot_refuses_a_game_tabula_does_not_have():
    bot = tabula.openspiel.Bot("random")
    with pytest.raises(ValueError, match="connect_four"):
        bot.step(pyspiel.load_game("connect_four").new_initial_state())
    with pytest.raises(ValueError):
        tabula.openspiel.Bot("no_such_agent")


def test_a_tabula_bot_against_openspiels_mcts():
    """The match of docs/results/openspiel.md, in miniature: both bots on
    OpenSpiel's Oware, through OpenSpiel's `evaluate_bots`."""
    game = pyspiel.load_game("oware(num_houses_per_player=4,num_seeds_per_house=3)")
    rng = np.random.RandomState(4)
    theirs = mcts.MCTSBot(game, 2, 50, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    ours = tabula.openspiel.Bot("mcts(iterations=2000)", seed=4)
    returns = [evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng) for bots in ([ours, theirs], [theirs, ours])]
    assert returns[0][0] + returns[1][1] >= 1.0  # at least a win and a draw of two
