"""A PettingZoo AEC environment over any Tabula game and variant.

::

    from tabula.pettingzoo import env

    e = env("differo")
    e.reset(seed=0)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            action = None
        else:
            action = e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

Agents are ``player_0``, ``player_1``, ... in seat order. An observation is
a dict: ``observation``, the game's observation tensor from that agent's
seat (float32, shaped as ``Game.observation_tensor_shape()``), and
``action_mask`` (int8, 1 for each legal action of the agent to move; all 0
for the others). Actions are the game's action numbers. Rewards come at the
end: the zero-sum ``State.returns()``. With ``max_moves`` a game still
running after that many moves is truncated. Needs ``pettingzoo`` and
``numpy`` (``pip install "./python[pettingzoo]"``).
"""

from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import tabula


def env(
    game: Union[str, tabula.Game] = "diffusion",
    render_mode: Optional[str] = None,
    max_moves: Optional[int] = None,
) -> AECEnv:
    """The environment for a game spec such as ``"calcala(players=3)"``,
    wrapped in PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(
        raw_env(game, render_mode=render_mode, max_moves=max_moves)
    )


class raw_env(AECEnv):
    """The unwrapped environment (see the module's documentation)."""

    RENDER_MODES = ("ansi", "human")
    metadata: dict[str, Any] = {
        "render_modes": list(RENDER_MODES),
        "name": "tabula_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Union[str, tabula.Game] = "diffusion",
        render_mode: Optional[str] = None,
        max_moves: Optional[int] = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} is not one of {list(self.RENDER_MODES)}")
        if max_moves is not None and max_moves < 1:
            raise ValueError(f"max_moves must be at least 1, not {max_moves}")
        self.game = tabula.load_game(game) if isinstance(game, str) else game
        self.render_mode = render_mode
        self.max_moves = max_moves
        self.metadata = {**self.metadata, "name": f"tabula_{self.game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players())]
        self._shape = tuple(self.game.observation_tensor_shape())
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=np.inf, shape=self._shape, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._state: Optional[tabula.State] = None

    @property
    def state(self) -> tabula.State:
        """The game's current state (after ``reset``)."""
        if self._state is None:
            raise RuntimeError("reset() the environment before using it")
        return self._state

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts a new game. The games have no chance, so ``seed`` only
        seeds the action spaces' ``sample``."""
        if seed is not None:
            for offset, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + offset)
        self._state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # NumPy reads the values straight from bytes the module writes (a
        # list of Python numbers to convert would cost more than the rest
        # of the step); the arrays are writable, the caller's own.
        seat = self.possible_agents.index(agent)
        observation = np.frombuffer(self.state._observation_bytes(seat), dtype=np.float32)
        if agent == self.agent_selection:
            mask = np.frombuffer(self.state._legal_actions_mask_bytes(seat), dtype=np.int8)
        else:
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return {"observation": observation.reshape(self._shape), "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` for the agent to move (``None`` for an agent
        whose game has ended). An illegal action raises ``ValueError`` with
        the REPL's message and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for an agent whose game ended")
        self.state.apply_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        seat = self.possible_agents.index(agent)
        if self.state.is_terminal():
            for other, value in zip(self.possible_agents, self.state.returns()):
                self.rewards[other] = value
                self.terminations[other] = True
            # Every agent now sees its result once, in seat order after the mover.
            self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
        else:
            if self.max_moves is not None and self.state.move_number() >= self.max_moves:
                for other in self.agents:
                    self.truncations[other] = True
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The board as the REPL draws it: returned for ``ansi``, printed
        for ``human``."""
        if self.render_mode is None or self._state is None:
            return None
        board = self.state.board()
        if self.render_mode == "human":
            print(board)
            return None
        return board

    def close(self) -> None:
        """Nothing to release."""
