"""The PettingZoo environment passes PettingZoo's own api_test for every game."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test

import tabula
from conftest import SPECS, VARIANTS
from tabula.pettingzoo import env, raw_env

# PettingZoo's classic layout: each observation a dict of an `observation`
# array and an `action_mask` array (both NumPy, in Box spaces). api_test
# checks both arrays as it checks any observation, but before that it warns
# that the dict is not itself an array and its space not a Box, except for
# PettingZoo's own classic games, which it exempts by name
# (`pettingzoo.test.api_test.env_obs_dicts` and `env_obs_space`). Those two
# warnings are the only ones let through: any other is an error.
NAME_EXEMPTED = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


# Every registered game, each in its last representative spec: the one with
# the most players where a game has several.
@pytest.mark.parametrize("spec", [specs[-1] for specs in VARIANTS.values()])
def test_api_test_passes_without_warnings(spec):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in NAME_EXEMPTED:
            warnings.filterwarnings("ignore", message=re.escape(message))
        api_test(env(spec), num_cycles=200)


def test_observations_are_numpy_arrays_in_standard_spaces():
    e = env("differo")
    e.reset()
    shape = tuple(tabula.load_game("differo").observation_tensor_shape())
    actions = tabula.load_game("differo").num_distinct_actions()
    for agent in e.possible_agents:
        space = e.observation_space(agent)
        assert isinstance(space, spaces.Dict)
        assert isinstance(space["observation"], spaces.Box) and space["observation"].shape == shape
        assert space["observation"].dtype == np.float32
        assert isinstance(space["action_mask"], spaces.Box) and space["action_mask"].shape == (actions,)
        assert space["action_mask"].dtype == np.int8
        assert e.action_space(agent) == spaces.Discrete(actions)
        observation = e.observe(agent)
        assert isinstance(observation["observation"], np.ndarray)
        assert isinstance(observation["action_mask"], np.ndarray)
        assert space.contains(observation)
    mask = e.observe("player_0")["action_mask"]
    assert list(np.flatnonzero(mask)) == sorted(e.unwrapped.state.legal_actions())


@pytest.mark.parametrize("spec", SPECS)
def test_observations_are_the_states_tensors_and_masks(spec):
    # The arrays NumPy reads from the module's bytes hold exactly what
    # State.observation_tensor and legal_actions_mask give, every seat.
    e = raw_env(spec, max_moves=30)
    e.reset(seed=1)
    for agent in e.agent_iter():
        state = e.state
        for seat, other in enumerate(e.possible_agents):
            observation = e.observe(other)
            assert observation["observation"].ravel().tolist() == state.observation_tensor(seat)
            # Only the selected agent sees its legal actions.
            mask = state.legal_actions_mask(seat) if other == e.agent_selection else [0] * state.num_distinct_actions()
            assert observation["action_mask"].tolist() == mask
        _, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(np.flatnonzero(e.observe(agent)["action_mask"])[-1]))


def test_a_game_loop_with_masks_and_rewards():
    e = env("calcala(players=4,setup=short)")
    e.reset(seed=3)
    assert e.possible_agents == [f"player_{i}" for i in range(4)]
    shape = tuple(tabula.load_game("calcala(players=4,setup=short)").observation_tensor_shape())
    finals = {}
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        assert observation["observation"].shape == shape
        if terminated or truncated:
            finals[agent] = reward
            e.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() > 0
        e.step(int(e.action_space(agent).sample(mask)))
    assert sorted(finals) == e.possible_agents
    assert abs(sum(finals.values())) < 1e-9


def test_truncation_and_illegal_actions():
    e = env("differo", max_moves=4)
    e.reset()
    state = e.unwrapped.state
    illegal = state.string_to_action("B2-C2")  # a move, but not White's now
    assert illegal not in state.legal_actions()
    with pytest.raises(ValueError, match="is not legal here"):
        e.step(illegal)
    with pytest.raises(ValueError, match="is not a move"):
        e.step(e.unwrapped.game.num_distinct_actions())
    assert state.move_number() == 0
    moves = 0
    for agent in e.agent_iter():
        _, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            e.step(None)
        else:
            e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
            moves += 1
    assert moves == 4
    with pytest.raises(ValueError, match="max_moves"):
        raw_env("differo", max_moves=0)


def test_an_environment_must_be_reset_first():
    e = raw_env("diffusion")
    with pytest.raises(RuntimeError, match=r"reset\(\) the environment"):
        e.observe("player_0")
    with pytest.raises(ValueError, match="render_mode 'rgb_array' is not one of"):
        raw_env("diffusion", render_mode="rgb_array")
    with pytest.raises(ValueError, match="unknown game"):
        raw_env("chess")


def test_render_ansi_is_the_board():
    e = raw_env("tictactoe", render_mode="ansi")
    e.reset()
    e.step(4)
    assert e.render() == e.state.board()
