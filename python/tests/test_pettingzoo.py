"""The PettingZoo environment passes PettingZoo's own api_test for every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import tabula
from conftest import VARIANTS
from tabula.pettingzoo import env, raw_env

# The warnings api_test gives every environment whose observations are dicts
# of `observation` and `action_mask` (PettingZoo's own classic games, which
# have the same layout, are exempted by name); any other warning fails.
DICT_OBSERVATIONS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


# Each registered game's last representative spec: the one with the most
# players where a game has several.
@pytest.mark.parametrize("spec", [specs[-1] for specs in VARIANTS.values()])
def test_api_test_passes(spec):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(spec), num_cycles=200)
    others = {str(w.message) for w in caught} - DICT_OBSERVATIONS
    assert others == set()


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
