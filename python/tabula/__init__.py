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
``study`` studies a game's variants like ``tabula study``,
``analyse`` judges its moves against a solved game's database like ``tabula
analyse`` (``judge_game`` one recorded game move by move),
``tabula.pettingzoo.env(spec)`` is a PettingZoo AEC environment (it needs the
``pettingzoo`` extra), and ``import tabula.openspiel`` registers every game with
OpenSpiel's ``pyspiel`` and offers Tabula's agents as OpenSpiel bots (the
``openspiel`` extra). The tour is ``docs/python.md``.
"""

from __future__ import annotations

import json
import tempfile
from typing import Any, Callable, Iterable, Optional, Sequence, Union, cast

from ._tabula import (
    TERMINAL,
    __version__,
    Agent,
    Game,
    State,
    arena_summary,
    game_parameters,
    load_game,
    registered_agents,
    registered_games,
    representative_specs,
)
from ._judge import analyse, judge_game
from .study import study

__all__ = [
    "TERMINAL",
    "Agent",
    "Game",
    "State",
    "analyse",
    "arena",
    "game_parameters",
    "judge_game",
    "load_game",
    "registered_agents",
    "registered_games",
    "representative_specs",
    "study",
]


def arena(
    agents: Sequence[str],
    games: Union[str, Iterable[str]] = "all",
    rounds: Optional[int] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    max_plies: int = 1000,
    opening_plies: int = 0,
    out: Optional[str] = None,
    resume: bool = False,
    shard: Optional[str] = None,
    sprt: Optional[str] = None,
    gauntlet: Optional[str] = None,
    openings: Optional[str] = None,
    openings_order: str = "sequential",
    standings_every: Optional[int] = None,
    on_standings: Optional[Callable[[dict[str, Any]], None]] = None,
    anchor: Optional[str] = None,
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

    ``sprt="elo0=0,elo1=10,alpha=0.05,beta=0.05"`` stops as soon as the
    test decides (its report is the summary's ``"sprt"``); ``gauntlet``
    plays one agent against the rest; ``openings`` names an opening suite
    (``openings_order``: ``"sequential"`` or ``"random"``). ``rounds``
    defaults to 10, to 100,000 (a cap) with ``sprt``, and to one per
    opening with ``openings``. ``on_standings`` is called with the summary
    so far every ``standings_every`` finished games. ``anchor`` names who is
    rated 0: an agent (its spec or name) or ``"mean"``, the mean of the
    rated agents (the default; a gauntlet's agent in a gauntlet, the
    baseline in an SPRT).
    """
    if isinstance(agents, str):
        agents = [agents]
    if not isinstance(games, str):
        games = ",".join(games)

    def play(directory: str) -> dict[str, Any]:
        def standings(text: str) -> None:
            if on_standings is not None:
                on_standings(cast(dict[str, Any], json.loads(text)))

        summary = arena_summary(list(agents), games, rounds, seed, threads, max_plies,
                                opening_plies, directory, resume, shard, sprt, gauntlet,
                                openings, openings_order, standings_every,
                                standings if on_standings is not None else None, anchor)
        return cast(dict[str, Any], json.loads(summary))

    if out is not None:
        return play(out)
    with tempfile.TemporaryDirectory(prefix="tabula-arena-") as directory:
        return play(directory)
