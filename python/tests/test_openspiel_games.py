"""Tabula's games registered in OpenSpiel (`tabula.openspiel`): what OpenSpiel
knows of them, OpenSpiel's own checks (`pyspiel.random_sim_test`, and the
Python simulation of OpenSpiel's own games test), and OpenSpiel's algorithms
run on them: its Python MCTS against a random bot through `evaluate_bots`,
its C++ MCTS through the C++ `evaluate_bots`, and its minimax checked
against Tabula's exact solver.

Every game of the catalog is tested, with its representative parameter
sets (conftest's `SPECS`, from the registry). Searches play games capped
by `max_game_length` so that each costs seconds.
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts, minimax
from open_spiel.python.bots import uniform_random
from open_spiel.python.observation import make_observation
from open_spiel.python.tests import games_sim_test

import tabula
import tabula.openspiel
from conftest import SPECS, VARIANTS, binary

# The length searches play to: a game still running then ends as a draw.
SEARCH_LENGTH = 40


def test_every_game_is_registered_with_its_type():
    registered = {game_type.short_name: game_type for game_type in pyspiel.registered_games()}
    names = tabula.openspiel.game_names()
    assert names == [f"tabula_{name.replace('-', '_')}" for name in tabula.registered_games()]
    for name in tabula.registered_games():
        game_type = registered[tabula.openspiel.short_name(name)]
        assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
        assert game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert game_type.provides_observation_tensor and game_type.provides_information_state_string
        specification = game_type.parameter_specification
        assert specification["max_game_length"] == tabula.openspiel.DEFAULT_MAX_GAME_LENGTH
        described = tabula.game_parameters(name)
        assert sorted(specification) == sorted([p["name"] for p in described] + ["max_game_length"])
        # The defaults make the game's default variant.
        game = pyspiel.load_game(game_type.short_name)
        assert game.tabula_game.spec == name
        assert game_type.min_num_players <= game.num_players() <= game_type.max_num_players


def test_the_issues_examples_load():
    kalah = pyspiel.load_game("tabula_kalah(pits=4,seeds=3)")
    assert kalah.tabula_game.spec == "kalah(pits=4,seeds=3)"
    assert kalah.num_distinct_actions() == 10  # OpenSpiel mancala's board indices
    assert kalah.new_initial_state().legal_actions() == [1, 2, 3, 4]
    calcala = pyspiel.load_game("tabula_calcala(players=3)")
    assert calcala.num_players() == 3
    assert (calcala.min_utility(), calcala.max_utility(), calcala.utility_sum()) == (-1.0, 2.0, 0.0)
    assert pyspiel.load_game("tabula_calcala").get_type().max_num_players == 4
    assert pyspiel.load_game("tabula_grid_diffusion(size=5x6,stones=9)").tabula_game.spec == (
        "grid-diffusion(size=5x6,stones=9)"
    )


def test_bad_parameters_are_errors_with_the_reason():
    with pytest.raises(ValueError, match="bad value `40` for `pits`"):
        pyspiel.load_game("tabula_kalah(pits=40)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'foo'"):
        pyspiel.load_game("tabula_kalah(foo=1)")
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter pits"):
        pyspiel.load_game("tabula_kalah(pits=four)")
    with pytest.raises(ValueError, match="max_game_length must be at least 1"):
        pyspiel.load_game("tabula_oware(max_game_length=0)")
    with pytest.raises(ValueError, match="bad value"):
        tabula.openspiel.load_game("kalah(pits=99)")


@pytest.mark.parametrize("spec", SPECS)
def test_game_info_and_a_game_through_openspiel(spec):
    ours = tabula.load_game(spec)
    game = tabula.openspiel.load_game(spec)
    assert game.tabula_game.spec == ours.spec
    assert str(pyspiel.load_game(str(game))) == str(game)  # the game string loads the same game
    players = ours.num_players()
    assert game.num_players() == players
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, players - 1.0, 0.0)
    assert game.max_game_length() == (ours.max_game_length() or tabula.openspiel.DEFAULT_MAX_GAME_LENGTH)
    assert game.observation_tensor_shape() == ours.observation_tensor_shape()
    observation = make_observation(game)
    state = game.new_initial_state()
    native = ours.new_initial_state()
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        player = state.current_player()
        assert player == native.current_player()
        legal = state.legal_actions()
        assert legal == sorted(legal) and len(legal) == len(set(legal))
        assert all(0 <= a < game.num_distinct_actions() for a in legal)
        assert [state.action_to_string(player, a) for a in legal] == native.legal_moves()
        for seat in range(players):
            assert state.observation_tensor(seat) == native.observation_tensor(seat)
            assert state.observation_string(seat) == native.observation_string(seat)
            observation.set_from(state, seat)
            assert list(observation.tensor) == native.observation_tensor(seat)
            assert state.information_state_string(seat) == state.history_str()
        assert state.rewards() == state.returns() == [0.0] * players
        action = int(rng.choice(legal))
        native.apply_move(state.action_to_string(player, action))
        state.apply_action(action)
        if state.move_number() == 200:
            break  # long enough: Grid Diffusion's random games can run for thousands
    assert state.tabula_state().position() == native.position()
    assert state.tabula_state().history() == native.history()
    if state.is_terminal():
        assert state.returns() == state.rewards() == native.returns()


@pytest.mark.parametrize("spec", SPECS)
def test_openspiels_random_simulation_test(spec):
    """OpenSpiel's C++ checks of a game (`RandomSimTest`): legal actions
    sorted and only for the player to move, clones equal, serialization
    round trips, observations, returns within the utilities and summing to
    0, rewards adding up to the returns, game length within the bound."""
    pyspiel.random_sim_test(tabula.openspiel.load_game(spec), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("spec", SPECS)
def test_openspiels_python_simulation_test(spec, capsys):
    """OpenSpiel's own Python test of its games (`games_sim_test.sim_game`):
    pickling the game, its type and states, OpenSpiel's serialization,
    clones, and the end of the game."""
    games_sim_test.GamesSimTest("runTest").sim_game(tabula.openspiel.load_game(spec))
    assert "Sim of game tabula_" in capsys.readouterr().out


def test_states_clone_serialize_and_pickle_with_their_history():
    game = pyspiel.load_game("tabula_oware(houses=3,seeds=2)")
    state = game.new_initial_state()
    for action in [0, 1, 2, 0]:
        state.apply_action(state.legal_actions()[action % len(state.legal_actions())])
    copy = state.clone()
    assert (str(copy), copy.history(), copy.move_number()) == (str(state), state.history(), state.move_number())
    copy.apply_action(copy.legal_actions()[0])
    assert len(copy.history()) == len(state.history()) + 1  # independent
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again_game) == str(game)
    assert (str(again), again.history(), again.tabula_state().history()) == (
        str(state),
        state.history(),
        state.tabula_state().history(),
    )
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.tabula_state().serialize() == state.tabula_state().serialize()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_a_position_text_starts_a_state_and_bad_text_is_an_error():
    game = pyspiel.load_game("tabula_kalah(pits=3,seeds=2)")
    state = game.new_initial_state("0,3,3/2,2,2 0,0 N")
    assert state.current_player() == 1
    assert state.legal_actions() == [5, 6, 7]  # North's pits: board indices p+2 .. 2p+1
    with pytest.raises(ValueError):
        game.new_initial_state("not a position")


def test_max_game_length_ends_a_game_as_a_draw():
    game = pyspiel.load_game("tabula_differo(max_game_length=6)")
    assert game.max_game_length() == 6
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.move_number() == 6
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == [] and state.legal_actions(0) == []
    assert state.returns() == state.rewards() == [0.0, 0.0]
    # Tic-tac-toe's own bound is kept: no game of it is longer than 9 moves.
    assert pyspiel.load_game("tabula_tictactoe").max_game_length() == 9


def test_a_finished_game_has_tabulas_returns():
    game = pyspiel.load_game("tabula_calcala(players=3,setup=short)")
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    native = state.tabula_state()
    assert native.is_terminal()
    assert state.returns() == native.returns()
    assert sum(state.returns()) == 0.0
    winners = native.winners()
    assert [state.returns()[seat] > 0 for seat in range(3)] == [seat in winners for seat in range(3)]


@pytest.mark.parametrize("spec", SPECS)
def test_openspiels_mcts_plays_every_game(spec):
    """OpenSpiel's Python MCTS (random rollouts) against its uniform random
    bot, through OpenSpiel's `evaluate_bots`, each seat once."""
    game = tabula.openspiel.load_game(spec, max_game_length=SEARCH_LENGTH)
    rng = np.random.RandomState(7)
    for seat in range(game.num_players()):
        bots = [uniform_random.UniformRandomBot(p, rng) for p in range(game.num_players())]
        bots[seat] = mcts.MCTSBot(game, 2, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert len(returns) == game.num_players() and sum(returns) == 0.0
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def mcts_score_against_random(spec: str, games: int = 8) -> float:
    """OpenSpiel's MCTS's mean score (win 1, draw 1/2) against its random
    bot on a two-player Tabula game, seats alternating."""
    game = tabula.openspiel.load_game(spec)
    rng = np.random.RandomState(11)
    score = 0.0
    for index in range(games):
        seat = index % 2
        bots = [uniform_random.UniformRandomBot(p, rng) for p in range(2)]
        bots[seat] = mcts.MCTSBot(game, 2, 100, mcts.RandomRolloutEvaluator(2, rng), random_state=rng)
        score += (evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)[seat] + 1) / 2
    return score / games


def test_openspiels_mcts_beats_random_at_tictactoe():
    """OpenSpiel's MCTS is stronger than random on Tabula's games, as it is
    on its own: a search that saw a wrong game would not be."""
    assert mcts_score_against_random("tictactoe") >= 0.75


def test_openspiels_mcts_beats_random_at_small_kalah():
    assert mcts_score_against_random("kalah(pits=3,seeds=2)") >= 0.75


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_openspiels_cpp_mcts_plays_through_the_cpp_evaluate_bots(name):
    """C++ algorithms take registered Python games: OpenSpiel's C++ MCTS bot
    and random bot, played by the C++ `evaluate_bots`."""
    game = tabula.openspiel.load_game(name, max_game_length=SEARCH_LENGTH)
    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(players)]
    bots[0] = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 5), 2.0, 30, 10, True, 5, False)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    assert len(returns) == players and sum(returns) == 0.0


def solved_values(spec: str, position: str) -> dict[str, int]:
    """Tabula's exact solution (`tabula solve --query`): the score margin
    each move secures for the side to move."""
    done = subprocess.run(
        [str(binary("tabula")), "solve", spec, "--query", position],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])["moves"]


def test_openspiels_minimax_agrees_with_tabulas_solver():
    """OpenSpiel's alpha-beta on small Kalah gives, for every move of the
    start and of the positions after it, the value Tabula's retrograde
    solver proves: the sign of the margin the move secures."""
    spec = "kalah(pits=3,seeds=2)"
    game = tabula.openspiel.load_game(spec)
    checked = 0
    for state in [game.new_initial_state()] + [game.new_initial_state().child(a) for a in [1, 2, 3]]:
        if state.is_terminal():
            continue
        mover = state.current_player()
        margins = solved_values(spec, state.tabula_state().position())
        for action in state.legal_actions():
            value, _ = minimax.alpha_beta_search(game, state.child(action), maximizing_player_id=mover)
            assert value == np.sign(margins[state.action_to_string(mover, action)]), (state.history(), action)
            checked += 1
    assert checked >= 9


def test_minimax_values_tabulas_tictactoe_as_openspiels():
    """Tic-tac-toe has the same action numbers in both: alpha-beta values
    every position of a few random games alike."""
    ours, theirs = pyspiel.load_game("tabula_tictactoe"), pyspiel.load_game("tic_tac_toe")
    rng = np.random.RandomState(2)
    for _ in range(3):
        state, twin = ours.new_initial_state(), theirs.new_initial_state()
        state.apply_action(int(rng.choice(state.legal_actions())))
        twin.apply_action(state.history()[-1])
        while not state.is_terminal():
            assert state.legal_actions() == twin.legal_actions()
            assert minimax.alpha_beta_search(ours, state)[0] == minimax.alpha_beta_search(theirs, twin)[0]
            action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            twin.apply_action(action)
        assert state.returns() == twin.returns()


def test_registering_leaves_python_able_to_exit():
    """OpenSpiel keeps what a game is registered with until after Python
    has finished; what it is given must outlive that, or the process
    crashes on exit (see `tabula.openspiel._register`)."""
    code = "import pyspiel, tabula.openspiel; pyspiel.load_game('tabula_kalah').new_initial_state()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_tabula_imports_without_open_spiel():
    """open_spiel is optional: `import tabula` never needs it, and
    `tabula.openspiel` says what to install."""
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "import tabula\n"
        "tabula.load_game('kalah').new_initial_state()\n"
        "try:\n"
        "    import tabula.openspiel\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "pip install" in done.stdout and "openspiel" in done.stdout
