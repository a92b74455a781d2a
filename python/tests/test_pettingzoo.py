"""The PettingZoo environment passes PettingZoo's own api_test for every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import tabula
from tabula.pettingzoo import env, raw_env

# The one warning api_test gives: observations are counts with no fixed maximum.
UNBOUNDED = "maximum observation space value is infinity"


@pytest.mark.parametrize(
    "spec",
    ["diffusion", "grid-diffusion(size=5x5,stones=5)", "calcala(players=3,setup=half-dutch)", "differo", "tictactoe"],
)
def test_api_test_passes(spec):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(spec), num_cycles=200)
    others = [str(w.message) for w in caught if UNBOUNDED not in str(w.message)]
    assert others == []


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
    with pytest.raises(ValueError, match="is not legal here"):
        e.step(0)  # A1-A1: no move of White's
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


def test_render_ansi_is_the_board():
    e = raw_env("tictactoe", render_mode="ansi")
    e.reset()
    e.step(4)
    assert e.render() == e.state.board()
