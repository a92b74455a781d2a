"""Tabula's abstract strategy games, agents and tournaments from Python.

The API is shaped like OpenSpiel's ``pyspiel``::

    import tabula

    game = tabula.load_game("calcala(players=3)")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

``Agent`` plays any agent kind by spec (``Agent("mcts(iterations=1000)")``),
``arena`` runs a tournament like ``tabula arena`` and returns its summary,
and ``tabula.pettingzoo.env(spec)`` is a PettingZoo AEC environment (it
needs the ``pettingzoo`` extra). The tour is ``docs/python.md``.
"""

from __future__ import annotations

import json
import tempfile
from typing import Any, Iterable, Optional, Sequence, Union

from ._tabula import (
    TERMINAL,
    Agent,
    Game,
    State,
    arena_summary,
    load_game,
    registered_agents,
    registered_games,
)

__all__ = [
    "TERMINAL",
    "Agent",
    "Game",
    "State",
    "arena",
    "load_game",
    "registered_agents",
    "registered_games",
]


def arena(
    agents: Sequence[str],
    games: Union[str, Iterable[str]] = "all",
    rounds: int = 10,
    seed: int = 1,
    threads: Optional[int] = None,
    max_plies: int = 1000,
    opening_plies: int = 0,
    out: Optional[str] = None,
    resume: bool = False,
    shard: Optional[str] = None,
) -> dict[str, Any]:
    """Plays a tournament exactly as ``tabula arena`` does and returns the
    summary it writes to ``summary.json``, as a dict.

    ``agents`` are two or more agent specs, ``games`` a comma-separated
    string or a list of game specs (``"all"``: every registered game).
    The other arguments are the command's options. Without ``out`` the
    files (records, summary, charts) go to a temporary directory that is
    removed afterwards; with it they stay there, and ``resume=True``
    continues a tournament recorded there. Bad options raise ``ValueError``
    with the command's message. The GIL is released while the games run.
    """
    if isinstance(agents, str):
        agents = [agents]
    if not isinstance(games, str):
        games = ",".join(games)
    # `--option=value`, so that a value such as `-2` reaches the option's
    # own check instead of reading as another option.
    options = [f"--games={games}", f"--rounds={rounds}", f"--seed={seed}"]
    options.append(f"--max-plies={max_plies}")
    options.append(f"--opening-plies={opening_plies}")
    if threads is not None:
        options.append(f"--threads={threads}")
    if resume:
        options.append("--resume")
    if shard is not None:
        options.append(f"--shard={shard}")
    options += ["--agents", *agents]
    if out is not None:
        return json.loads(arena_summary([f"--out={out}", *options]))
    with tempfile.TemporaryDirectory(prefix="tabula-arena-") as directory:
        return json.loads(arena_summary([f"--out={directory}", *options]))
