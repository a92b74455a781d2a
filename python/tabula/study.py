"""``tabula.study``: a game's variants studied as ``tabula study`` does —
balance, length, branching, drama, depth and exact values, each estimate
with its 95% interval. ``docs/study.md`` defines every metric."""

from __future__ import annotations

import json
import tempfile
from typing import Any, Iterable, Mapping, Optional, Sequence, Union, cast

from ._tabula import study_summary

__all__ = ["study"]


def study(
    game: Optional[str] = None,
    vary: Union[Mapping[str, Iterable[object]], Sequence[str], None] = None,
    variants: Optional[Sequence[str]] = None,
    agent: Optional[str] = None,
    games: Optional[int] = None,
    ladder: Optional[str] = None,
    ladder_games: Optional[int] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    max_plies: int = 1000,
    opening_plies: int = 0,
    exact_positions: Optional[int] = None,
    dbs: Sequence[str] = (),
    out: Optional[str] = None,
    resume: bool = False,
    shard: Optional[str] = None,
) -> dict[str, Any]:
    """Plays a study exactly as ``tabula study`` does and returns the
    summary it writes to ``summary.json``, as a dict.

    ``game`` is the game whose parameters ``vary`` sweeps: a dict
    (``{"stones": [1, 2, 3]}``, every combination of the values a variant)
    or the command's ``["stones=1,2,3"]``; ``variants`` lists variants
    outright instead. ``agent`` plays the self-play games (default
    ``mcts(iterations=1000)``), ``games`` of them a variant (default 400);
    ``ladder`` is the skill ladder (default ``mcts(iterations=16..1024)``,
    ``"none"`` for none), ``ladder_games`` games a step (default 200). The
    other arguments are the command's options. Without ``out`` the study's
    folder is a temporary one, removed afterwards; with it the folder stays
    and ``resume=True`` continues the study recorded there. Bad options
    raise ``ValueError`` with the command's message; the GIL is released
    while the games run.
    """
    if isinstance(vary, Mapping):
        sweeps = [f"{param}={','.join(str(v) for v in values)}" for param, values in vary.items()]
    else:
        sweeps = list(vary or [])

    def play(directory: str) -> dict[str, Any]:
        summary = study_summary(game, sweeps, list(variants or []), agent, games, ladder,
                                ladder_games, seed, threads, max_plies, opening_plies,
                                exact_positions, list(dbs), directory, resume, shard)
        return cast(dict[str, Any], json.loads(summary))

    if out is not None:
        return play(out)
    with tempfile.TemporaryDirectory(prefix="tabula-study-") as directory:
        return play(directory)
