"""Judging play against a solved game's database, as ``tabula analyse``
does: a tournament's moves (``analyse``) and one recorded game move by
move (``judge_game``). The database is the file ``tabula solve GAME --db
FILE`` builds: win/loss (Diffusion), or score margin (Kalah)."""

from __future__ import annotations

import json
import os
from typing import Any, Optional, Union, cast

from ._tabula import analyse_report, judge_record

PathLike = Union[str, "os.PathLike[str]"]


def analyse(results: PathLike, db: PathLike, out: Optional[PathLike] = None) -> dict[str, Any]:
    """Judges every agent's moves in a tournament's games against the
    database ``db`` and returns the report ``tabula analyse`` prints, as
    the dict it writes to ``accuracy.json``.

    ``results`` is a tournament's folder (``tabula.arena``'s ``out``) or its
    ``games.jsonl``; records of other games or variants are skipped. Only
    the moves agents chose count: a tournament's opening plies are left out
    (``opening_plies`` counts them). Per agent (``agents``): its spec and
    display name, every count, ``accuracy``, ``blunder_rate`` and
    ``perfect_rate`` each as ``{"value", "low", "high"}`` (95% Wilson
    interval), and the same per phase (``phases``). With ``out`` the files
    ``accuracy.json`` and ``accuracy.svg`` are written there too. A missing
    or damaged file, or no game of the database's variant, raises
    ``ValueError`` with the command's message. The GIL is released while it
    works."""
    report = analyse_report(results, db, out)
    return cast(dict[str, Any], json.loads(report))


def judge_game(record: Union[str, dict[str, Any]], db: PathLike) -> dict[str, Any]:
    """Judges every move of one recorded game against the database ``db``:
    ``record`` is a game record, as JSON text (a line of ``games.jsonl``, a
    game the REPL saved) or as a dict.

    Returns ``{"game", "opening_plies", "moves"}``; each move has its
    ``ply``, ``seat``, ``mv``, the ``agent`` that chose it (``None`` for a
    tournament's opening ply) and its ``phase``, the position's value and
    the move's (``position``, ``played``: ``{"result", "plies" or "margin",
    "text"}``), whether perfect play makes it (``perfect``), the ``best``
    moves, the result it gave away (``lost``: ``None``, ``"won_to_drawn"``,
    ``"won_to_lost"`` or ``"drawn_to_lost"``) and, for a margin table, the
    ``margin_lost``."""
    text = record if isinstance(record, str) else json.dumps(record)
    return cast(dict[str, Any], json.loads(judge_record(text, db)))
