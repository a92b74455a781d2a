"""Every game through the OpenSpiel-shaped API: random games to the end,
checked against the REPL and against themselves."""

from __future__ import annotations

import copy
import math
import pickle
import random

import pytest

import tabula
from conftest import SPECS, VARIANTS


def test_every_game_has_representative_specs():
    for name, specs in VARIANTS.items():
        assert specs, name
        assert tabula.load_game(specs[0]).spec == name, "the defaults come first"
        assert all(tabula.load_game(spec).name == name for spec in specs)
    with pytest.raises(ValueError, match="unknown game `nope`"):
        tabula.representative_specs("nope")


def test_game_parameters_describe_every_game():
    for name in VARIANTS:
        described = tabula.game_parameters(name)
        assert len({p["name"] for p in described}) == len(described), name
        for param in described:
            assert param["kind"] in {"int", "seed", "float", "bool", "duration", "choice", "text", "verbatim"}
            assert param["help"] and param["values"], (name, param)
            if param["kind"] == "int":
                assert param["min"] <= int(param["default"]) <= param["max"], (name, param)
            if param["kind"] == "choice":
                assert param["default"] in param["choices"], (name, param)
        # Every default written out is the default variant.
        written = ",".join(f"{p['name']}={p['default']}" for p in described if p["default"])
        assert tabula.load_game(f"{name}({written})").spec == name
    kalah = {p["name"]: p for p in tabula.game_parameters("kalah")}
    assert (kalah["pits"]["kind"], kalah["pits"]["default"], kalah["pits"]["min"], kalah["pits"]["max"]) == (
        "int",
        "6",
        1,
        8,
    )
    assert kalah["empty_capture"]["choices"] == ["on", "off"]
    with pytest.raises(ValueError, match="unknown game `nope`"):
        tabula.game_parameters("nope")


def outcome_line(state: tabula.State) -> str:
    """The REPL's result line for a finished state, from the bindings."""
    names = [state.seat_name(seat) for seat in state.winners()]
    if len(names) == 1:
        return f"game over: {names[0]} wins"
    if state.num_players() == 2 and len(names) == 2:
        return "game over: draw"
    return f"game over: {' and '.join(names)} share the win"


def random_game(spec: str, seed: int, max_moves: int = 3000):
    """Plays random legal actions to the end; checks every state on the way."""
    game = tabula.load_game(spec)
    rng = random.Random(seed)
    state = game.new_initial_state()
    shape = game.observation_tensor_shape()
    size = math.prod(shape)
    assert size == game.observation_tensor_size()
    moves = []
    while not state.is_terminal():
        assert len(moves) < max_moves, f"{spec}: no end after {max_moves} moves"
        player = state.current_player()
        assert 0 <= player < game.num_players()
        actions = state.legal_actions()
        assert actions and len(set(actions)) == len(actions)
        assert actions == sorted(actions), "ascending, as OpenSpiel lists them"
        assert all(0 <= a < game.num_distinct_actions() for a in actions)
        texts = [state.action_to_string(a) for a in actions]
        assert texts == state.legal_moves()
        assert [state.string_to_action(t) for t in texts] == actions
        assert state.legal_actions_mask() == [
            int(a in set(actions)) for a in range(game.num_distinct_actions())
        ]
        other = (player + 1) % game.num_players()
        assert state.legal_actions(other) == ([] if other != player else actions)
        assert state.returns() == [0.0] * game.num_players()
        for seat in range(game.num_players()):
            values = state.observation_tensor(seat)
            assert len(values) == size
            assert all(math.isfinite(v) and v >= 0 for v in values)
        assert state.observation_tensor() == state.observation_tensor(player)
        action = rng.choice(actions)
        moves.append(state.action_to_string(action))
        state.apply_action(action)
    assert state.current_player() == tabula.TERMINAL
    assert state.legal_actions() == [] and state.legal_moves() == []
    assert len(state.history()) == state.move_number() == len(moves)
    return game, state, moves


@pytest.mark.parametrize("spec", SPECS)
def test_random_games_end_as_the_repl_says(spec, repl):
    for seed in range(3):
        game, state, moves = random_game(spec, seed)
        returns = state.returns()
        players = game.num_players()
        winners = state.winners()
        assert winners, "a finished game has winners (all seats in a draw)"
        assert abs(sum(returns)) < 1e-9, "returns are zero-sum"
        for seat in range(players):
            expected = players / len(winners) - 1 if seat in winners else -1.0
            assert returns[seat] == pytest.approx(expected)
            assert state.player_return(seat) == returns[seat]
        if players == 2 and len(winners) == 1:
            assert sorted(returns) == [-1.0, 1.0]
        # The same moves typed into the REPL end the same way.
        out = repl(game.spec, moves)
        assert out.count(" plays ") == len(moves), out[-2000:]
        assert outcome_line(state) in out.splitlines(), out[-2000:]
        # Replaying the history's actions gives the same position.
        replay = game.new_initial_state()
        for action in state.history():
            replay.apply_action(action)
        assert replay.position() == state.position()
        assert replay.returns() == returns


@pytest.mark.parametrize("spec", SPECS)
def test_game_properties_and_texts(spec):
    game = tabula.load_game(spec)
    assert game.spec == str(game) and repr(game) == f"tabula.load_game({game.spec!r})"
    assert game.name in tabula.registered_games()
    assert game.rules()
    state = game.new_initial_state()
    assert state.num_players() == game.num_players()
    assert state.get_game().spec == game.spec
    again = game.new_state(state.position())
    assert again.position() == state.position() and again.move_number() == 0
    assert state.board() == str(state)
    assert game.spec in repr(state)
    assert state.is_chance_node() is False


@pytest.mark.parametrize("spec", SPECS)
def test_clones_are_independent(spec):
    state = tabula.load_game(spec).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    before = state.position()
    for copied in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        copied.apply_action(copied.legal_actions()[-1])
        assert copied.position() != before
        assert copied.history()[:-1] == state.history()
    assert state.position() == before and state.move_number() == 1


def test_observations_are_seat_relative():
    # Differo's start is symmetric: each side sees the same board from its own side.
    differo = tabula.load_game("differo").new_initial_state()
    white, black = differo.observation_tensor(0), differo.observation_tensor(1)
    plane = 81
    assert white[: 3 * plane] == black[: 3 * plane]
    assert white[3 * plane :] == [1.0] * plane and black[3 * plane :] == [0.0] * plane
    # Diffusion: B sees the board turned; its own block is where A's is for A.
    diffusion = tabula.load_game("diffusion").new_initial_state()
    diffusion.apply_move("D")
    a, b = diffusion.observation_tensor(0), diffusion.observation_tensor(1)
    assert a[:12] == b[:12][::-1] and (a[12], b[12]) == (0.0, 1.0)
    # Calcala: captures and the turn counted from the observer.
    calcala = tabula.load_game("calcala(players=3)").new_state(
        "0,0,0,0,0,0/0,3,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,4,0,0,0/0,0,0,0,0,9 2 5,6,7"
    )
    assert calcala.observation_tensor(0)[36:] == [5, 6, 7, 0, 1, 0]
    assert calcala.observation_tensor(1)[36:] == [6, 7, 5, 1, 0, 0]
    assert calcala.observation_tensor(2)[36:] == [7, 5, 6, 0, 0, 1]


def test_the_layouts_documented_for_grid_diffusion_and_tictactoe():
    grid = tabula.load_game("grid-diffusion(size=3x4,stones=3)")
    assert grid.observation_tensor_shape() == [8, 3, 4]
    state = grid.new_initial_state()
    state.apply_move("a1")  # Black
    state.apply_move("d3")  # White
    black = state.observation_tensor(0)
    cells = 12
    assert black[0] == 1.0 and sum(black[:cells]) == 1.0  # my stones: a1
    assert black[cells + 11] == 1.0  # the opponent's: d3 (rank 3, file d)
    assert black[4 * cells : 5 * cells] == [1.0] * cells  # Black to move
    assert black[5 * cells] == pytest.approx(2 / 3)  # two of three stones left to drop
    ttt = tabula.load_game("tictactoe").new_initial_state()
    ttt.apply_move("b2")
    x, o = ttt.observation_tensor(0), ttt.observation_tensor(1)
    assert x[4] == 1.0 and o[9 + 4] == 1.0 and sum(x[18:]) == 8.0


@pytest.mark.parametrize("spec", SPECS)
def test_child_serialize_and_undo_agree_with_replaying(spec):
    # OpenSpiel's checks of every state on a random walk: a child is the
    # state with the action applied, a serialized state reads back as the
    # same state with the same history, and undoing each action in turn
    # returns every earlier state.
    game = tabula.load_game(spec)
    rng = random.Random(5)
    state = game.new_initial_state()
    seen = []
    while not state.is_terminal() and len(seen) < 40:
        seen.append((state.serialize(), state.position(), state.legal_actions()))
        back = game.deserialize_state(state.serialize())
        assert (back.position(), back.history()) == (state.position(), state.history())
        assert back.legal_actions() == state.legal_actions()
        assert back.serialize() == state.serialize()
        assert state.observation_string() == state.board() == state.observation_string(state.num_players() - 1)
        assert state.num_distinct_actions() == game.num_distinct_actions()
        action = rng.choice(state.legal_actions())
        child = state.child(action)
        state.apply_action(action)
        assert (child.position(), child.history()) == (state.position(), state.history())
    assert game.deserialize_state(state.serialize() + "\n").serialize() == state.serialize()
    pickled = pickle.loads(pickle.dumps(state))
    assert (pickled.serialize(), pickled.get_game().spec) == (state.serialize(), game.spec)
    assert pickle.loads(pickle.dumps(game)).spec == game.spec
    while seen:
        serialized, position, actions = seen.pop()
        last = state.history()[-1]
        state.undo_action(game.deserialize_state(serialized).current_player(), last)
        assert (state.serialize(), state.position(), state.legal_actions()) == (serialized, position, actions)
        assert not state.is_terminal() and state.returns() == [0.0] * game.num_players()


def test_a_state_set_up_from_a_position_keeps_it_as_its_start():
    game = tabula.load_game("tictactoe")
    state = game.new_state("x../.o./... x")
    state.apply_move("c3")
    assert state.serialize() == "x../.o./... x\n8"
    state.undo_action(0, 8)
    assert state.position() == "x../.o./... x" and state.history() == []


def test_max_game_length_bounds_every_game_where_the_rules_bound_it():
    for spec in SPECS:
        bound = tabula.load_game(spec).max_game_length()
        if spec.startswith("tictactoe"):
            size = tabula.load_game(spec).num_distinct_actions()
            assert bound == size, "one move per cell"
            for seed in range(20):
                assert len(random_game(spec, seed)[2]) <= bound
        else:
            # No other game bounds its length (see Game.max_game_length).
            assert bound is None, spec
