"""Tabula's games inside OpenSpiel, and Tabula's agents as OpenSpiel bots.

::

    import pyspiel
    import tabula.openspiel  # registers tabula_diffusion, tabula_kalah, ...

    game = pyspiel.load_game("tabula_kalah(pits=4,seeds=3)")
    bot = tabula.openspiel.Bot("mcts(time=100ms)")

Importing the module registers every game of Tabula's catalog with
``pyspiel.register_game`` as a Python game, under the short name
``tabula_<name>`` (hyphens as underscores: ``tabula_grid_diffusion``), with
the game's parameters as OpenSpiel's parameter specification (whole numbers
as ints, words as strings: ``tabula_kalah(pits=4,empty_capture=off)``) plus
``max_game_length``: a game still running after that many moves ends there
as a draw. Every game is sequential, deterministic, of perfect
information and zero-sum with terminal rewards: the returns are Tabula's
(``tabula.State.returns``): +1 and -1, 0 each for a draw, and with ``n``
seats and ``k`` winners sharing a win ``n/k - 1`` for each winner and -1 for
the others.

Where OpenSpiel has the same game, the action numbers are OpenSpiel's:
``tabula_oware`` numbers the mover's houses 0..5 as OpenSpiel's ``oware``
does, and ``tabula_kalah`` numbers the board as OpenSpiel's ``mancala``
(South's pits 1..6, North's 8..13), so that
``tabula_kalah(empty_capture=off)`` and ``mancala`` are the same game move
for move. Legal actions are listed in ascending order, as OpenSpiel
requires.

``Bot(spec)`` is a ``pyspiel.Bot`` playing any Tabula agent kind, on the
``tabula_*`` games and on OpenSpiel's own ``oware``, ``mancala`` and
``tic_tac_toe`` (through the same action numbering). Needs ``open_spiel``
(``pip install "./python[openspiel]"``); ``docs/python.md`` has the tour.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import tabula

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as error:
    raise ImportError(
        f"tabula.openspiel needs OpenSpiel ({error}): pip install open_spiel, "
        'or install tabula with it: pip install "./python[openspiel]"'
    ) from error

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "Bot",
    "TabulaGame",
    "TabulaState",
    "game_names",
    "load_game",
    "short_name",
]

PREFIX = "tabula_"

DEFAULT_MAX_GAME_LENGTH = 1000
"""The ``max_game_length`` of a game whose rules set no bound (the arena's
``max_plies`` default): a game still running after that many moves ends
there, as a draw. OpenSpiel requires a bound; Tabula's games other than
tic-tac-toe end by their rules but state none."""


def short_name(name: str) -> str:
    """OpenSpiel's short name of Tabula game ``name``: ``grid-diffusion``
    is ``tabula_grid_diffusion``."""
    return PREFIX + name.replace("-", "_")


def game_names() -> list[str]:
    """The OpenSpiel short names of every registered Tabula game."""
    return [short_name(name) for name in tabula.registered_games()]


# ---------------------------------------------------------------------------
# Action numbers


class _Numbering:
    """How a variant's OpenSpiel action numbers relate to Tabula's: the
    OpenSpiel number of Tabula action ``a`` of seat ``s`` is
    ``a + offsets[s]``, and ``count`` numbers are used."""

    def __init__(self, count: int, offsets: Sequence[int]):
        self.count = count
        self.offsets = list(offsets)
        self.identity = not any(self.offsets)

    def to_openspiel(self, seat: int, action: int) -> int:
        return action + self.offsets[seat]

    def to_tabula(self, seat: int, action: int) -> int:
        return action - self.offsets[seat]


def _numbering(game: tabula.Game) -> _Numbering:
    """OpenSpiel's numbering for a Tabula variant: Kalah's is the board
    index of OpenSpiel's ``mancala`` (North's store 0, South's pits 1..p,
    South's store p+1, North's pits p+2..2p+1), where Tabula numbers the
    mover's pits 0..p-1; every other game keeps Tabula's numbers (Oware's
    are OpenSpiel's already)."""
    count = game.num_distinct_actions()
    if game.name == "kalah":
        return _Numbering(2 * count + 2, [1, count + 2])
    return _Numbering(count, [0] * game.num_players())


# ---------------------------------------------------------------------------
# Parameters


def _openspiel_value(param: dict[str, Any]) -> Any:
    """A Tabula parameter's default as OpenSpiel's typed value."""
    kind, default = param["kind"], param["default"]
    if kind in ("int", "seed"):
        return int(default)
    if kind == "float":
        return float(default)
    if kind == "bool":
        return default == "on"
    return default


def _tabula_text(value: Any) -> str:
    """An OpenSpiel parameter value as Tabula's spec text."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _parameter_specification(name: str) -> dict[str, Any]:
    """OpenSpiel's parameter specification of a Tabula game: its parameters
    with their defaults (those unset unless given are left out: OpenSpiel
    has no such kind), and ``max_game_length``."""
    spec = {p["name"]: _openspiel_value(p) for p in tabula.game_parameters(name) if p["default"] != ""}
    assert "max_game_length" not in spec, f"{name} has a parameter named max_game_length"
    spec["max_game_length"] = DEFAULT_MAX_GAME_LENGTH
    return spec


def _tabula_spec(name: str, params: dict[str, Any]) -> str:
    """The Tabula spec of a game's OpenSpiel parameters (``max_game_length``
    left out), every parameter written out."""
    parts = [f"{key}={_tabula_text(value)}" for key, value in sorted(params.items()) if key != "max_game_length"]
    return f"{name}({','.join(parts)})" if parts else name


def load_game(spec: str, **params: Any) -> TabulaGame:
    """The OpenSpiel game of a Tabula spec: ``load_game("kalah(pits=4)")`` is
    ``pyspiel.load_game("tabula_kalah(pits=4)")``. Keywords add OpenSpiel's
    parameters (``max_game_length=100``). A bad spec is a ``ValueError``
    with the REPL's message."""
    game = tabula.load_game(spec)
    described = {p["name"]: p for p in tabula.game_parameters(game.name)}
    values: dict[str, Any] = {}
    # The canonical spec: `name(key=value,...)`, non-default values only,
    # none quoted (no game takes a parameter that needs quotes).
    for item in filter(None, game.spec[len(game.name) :].strip("()").split(",")):
        key, _, text = item.partition("=")
        values[key] = _openspiel_value({**described[key], "default": text})
    values.update(params)
    return pyspiel.load_game(short_name(game.name), values)


# ---------------------------------------------------------------------------
# Games and states


class _Variant:
    """What every state of one game variant shares: the Tabula game, the
    action numbering and the length bound. States hold it as an attribute,
    which OpenSpiel deep-copies on every clone: it is immutable, so a copy
    is itself, and it pickles as its spec."""

    def __init__(self, name: str, spec: str, max_game_length: int):
        self.name = name
        self.game = tabula.load_game(spec)
        self.numbering = _numbering(self.game)
        bound = self.game.max_game_length()
        self.max_game_length = max_game_length if bound is None else min(bound, max_game_length)
        self.players = self.game.num_players()

    def __deepcopy__(self, memo: Any) -> _Variant:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, str, int]]:
        return _Variant, (self.name, self.game.spec, self.max_game_length)


def _game_type(name: str) -> pyspiel.GameType:
    """The ``GameType`` Tabula game ``name`` registers with."""
    players = next((p for p in tabula.game_parameters(name) if p["name"] == "players"), None)
    if players is None:
        fewest = most = tabula.load_game(name).num_players()
    else:
        fewest, most = players["min"], players["max"]
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Tabula {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_specification(name),
    )


class TabulaGame(pyspiel.Game):
    """A Tabula game variant as an OpenSpiel game: what
    ``pyspiel.load_game("tabula_<name>(...)")`` returns. Each Tabula game
    has a subclass of its own (``NAME`` and ``GAME_TYPE`` set), which is
    what it is registered with."""

    NAME = ""
    GAME_TYPE: pyspiel.GameType = None

    def __init__(self, params: Optional[dict[str, Any]] = None):
        params = dict(params or {})
        max_game_length = params.get("max_game_length", DEFAULT_MAX_GAME_LENGTH)
        if max_game_length < 1:
            raise ValueError(f"max_game_length must be at least 1, not {max_game_length}")
        self._variant = _Variant(self.NAME, _tabula_spec(self.NAME, params), max_game_length)
        variant = self._variant
        info = pyspiel.GameInfo(
            num_distinct_actions=variant.numbering.count,
            max_chance_outcomes=0,
            num_players=variant.players,
            min_utility=-1.0,
            max_utility=float(variant.players - 1),
            utility_sum=0.0,
            max_game_length=variant.max_game_length,
        )
        super().__init__(self.GAME_TYPE, info, params)

    @property
    def tabula_game(self) -> tabula.Game:
        """The Tabula variant (``tabula.Game``), e.g. for its ``rules()``."""
        return self._variant.game

    def new_initial_state(self, position: Optional[str] = None) -> TabulaState:
        """The start position, or the one a Tabula position text describes
        (OpenSpiel's ``new_initial_state(str)``; the REPL's ``setup``)."""
        if position is None:
            return TabulaState(self, self._variant.game.new_initial_state())
        if not isinstance(position, str):
            raise TypeError(f"a position text, not {type(position).__name__}")
        return TabulaState(self, self._variant.game.new_state(position))

    def make_py_observer(
        self, iig_obs_type: Optional[pyspiel.IIGObservationType] = None, params: Optional[dict[str, Any]] = None
    ) -> Any:
        """The observation (``observation_tensor`` and ``observation_string``)
        or, with perfect recall, the information state: the history of
        actions, as OpenSpiel's perfect-information games have it."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self._variant.game, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class TabulaState(pyspiel.State):
    """A position of a Tabula game as an OpenSpiel state (a ``tabula.State``
    inside, in ``tabula_state``)."""

    def __init__(self, game: TabulaGame, native: tabula.State):
        super().__init__(game)
        self._native = native
        self._variant = game._variant

    def tabula_state(self) -> tabula.State:
        """A copy of the position as a ``tabula.State``, with its history in
        Tabula's action numbers."""
        return self._native.clone()

    def _capped(self) -> bool:
        """Whether the game reached ``max_game_length`` moves unfinished."""
        return self._native.move_number() >= self._variant.max_game_length and not self._native.is_terminal()

    def current_player(self) -> int:
        if self._capped():
            return pyspiel.PlayerId.TERMINAL
        return self._native.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        actions = sorted(self._native.legal_actions())
        numbering = self._variant.numbering
        if numbering.identity:
            return actions
        offset = numbering.offsets[player]
        return [action + offset for action in actions]

    def _apply_action(self, action: int) -> None:
        seat = self._native.current_player()
        self._native.apply_action(self._variant.numbering.to_tabula(seat, action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._native.action_to_string(self._variant.numbering.to_tabula(player, action))

    def is_terminal(self) -> bool:
        return self._native.is_terminal() or self._native.move_number() >= self._variant.max_game_length

    def returns(self) -> list[float]:
        """Tabula's zero-sum returns; 0 each for a game ended unfinished by
        ``max_game_length`` (a draw)."""
        return self._native.returns()

    def __str__(self) -> str:
        return self._native.board()


class _Observer:
    """The observation of a Tabula state: the game's observation tensor
    from the player's seat (``docs/python.md`` has each game's layout), and
    the board as text."""

    def __init__(self, game: tabula.Game, params: Optional[dict[str, Any]]):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        shape = game.observation_tensor_shape()
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: TabulaState, player: int) -> None:
        self.tensor[:] = np.frombuffer(state._native._observation_bytes(player), np.float32)

    def string_from(self, state: TabulaState, player: int) -> str:
        return state._native.observation_string(player)


def _register(name: str) -> None:
    """Registers Tabula game ``name`` with OpenSpiel, as a subclass of
    ``TabulaGame`` of its own. A class, not a function that builds the game:
    OpenSpiel keeps what it is given until after Python has finished, and
    then drops it; a function only it holds would be freed then, without
    the interpreter, and the process would crash on exit. A class refers to
    itself (its ``__mro__``), so it is never freed."""
    game_type = _game_type(name)
    game_class = type(
        game_type.short_name, (TabulaGame,), {"NAME": name, "GAME_TYPE": game_type, "__doc__": TabulaGame.__doc__}
    )
    game_class.__module__ = __name__
    globals()[game_class.__name__] = game_class  # where pickle finds it
    pyspiel.register_game(game_type, game_class)


for _name in tabula.registered_games():
    _register(_name)


# ---------------------------------------------------------------------------
# Bots


class _Twin:
    """An OpenSpiel state as the Tabula game it is: the variant, the start
    position's text, the actions played since in Tabula's numbers, and how
    to number a Tabula action of a seat for the OpenSpiel game."""

    def __init__(
        self,
        game: tabula.Game,
        start: Optional[str],
        actions: list[int],
        to_openspiel: Callable[[int, int], int],
    ):
        self.game = game
        self.start = start
        self.actions = actions
        self.to_openspiel = to_openspiel

    def new_state(self) -> tabula.State:
        if self.start is None:
            return self.game.new_initial_state()
        return self.game.deserialize_state(self.start)


def _same(seat: int, action: int) -> int:
    """The numbering of a twin whose action numbers are Tabula's."""
    return action


def _twin(state: pyspiel.State) -> _Twin:
    """The Tabula game an OpenSpiel state is; a ``ValueError`` for a game
    Tabula does not have."""
    if isinstance(state, TabulaState):
        native = state._native
        numbering = state._variant.numbering
        return _Twin(
            state._variant.game, native.serialize().split("\n", 1)[0], native.history(), numbering.to_openspiel
        )
    game = state.get_game()
    name = game.get_type().short_name
    if name == "oware":
        params = game.get_parameters()
        houses, seeds = params.get("num_houses_per_player", 6), params.get("num_seeds_per_house", 4)
        return _Twin(tabula.load_game(f"oware(houses={houses},seeds={seeds})"), None, state.history(), _same)
    if name == "mancala":
        # Board indices: South's pits 1..6, North's 8..13, as tabula_kalah's.
        kalah = tabula.load_game("kalah(empty_capture=off)")
        numbering = _numbering(kalah)
        pits = kalah.num_distinct_actions()
        actions = [numbering.to_tabula(0 if action <= pits else 1, action) for action in state.history()]
        return _Twin(kalah, None, actions, numbering.to_openspiel)
    if name == "tic_tac_toe":
        return _Twin(tabula.load_game("tictactoe"), None, state.history(), _same)
    raise ValueError(
        f"a Tabula bot plays Tabula's games ({', '.join(game_names())}) and OpenSpiel's "
        f"oware, mancala and tic_tac_toe, not {name}"
    )


class Bot(pyspiel.Bot):
    """A Tabula agent of any kind as an OpenSpiel bot, e.g.
    ``Bot("mcts(time=100ms)")``: it plays the ``tabula_*`` games and
    OpenSpiel's own ``oware``, ``mancala`` and ``tic_tac_toe``.

    The bot follows the game from the states it is given: at each ``step``
    it tells its agent the moves played since its last one (its own
    included), so MCTS keeps its tree as it does in Tabula, whether or not
    ``inform_action`` was called. ``restart``/``restart_at`` start the next
    game with a new agent seeded ``seed + games started``, so that a series
    of games is reproducible and not one game repeated. The search runs in
    Rust with the GIL released. ``step_with_policy`` gives the share of the
    search's root visits of each move (the chosen move alone for agents that
    do not search).
    """

    def __init__(self, spec: str, seed: int = 0):
        pyspiel.Bot.__init__(self)
        self._spec = spec
        self._seed = seed
        self._games = 0
        self.agent = tabula.Agent(spec, seed)
        self._game: Optional[tabula.Game] = None
        self._start: Optional[str] = None
        self._mirror: Optional[tabula.State] = None

    def __repr__(self) -> str:
        return f"tabula.openspiel.Bot({self._spec!r}, seed={self._seed})"

    def restart(self) -> None:
        self._games += 1
        self.agent = tabula.Agent(self._spec, self._seed + self._games)
        self._mirror = None

    def restart_at(self, state: pyspiel.State) -> None:
        self.restart()

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        """Nothing to do at once: ``step`` catches up with the moves played."""

    def provides_policy(self) -> bool:
        return True

    def step(self, state: pyspiel.State) -> int:
        return self.step_with_policy(state)[1]

    def get_policy(self, state: pyspiel.State) -> list[tuple[int, float]]:
        return self.step_with_policy(state)[0]

    def step_with_policy(self, state: pyspiel.State) -> tuple[list[tuple[int, float]], int]:
        twin = _twin(state)
        mirror = self._follow(twin)
        seat = mirror.current_player()
        action = self.agent.step(mirror)
        search = self.agent.last_search
        if search is None or not search["moves"]:
            policy = [(twin.to_openspiel(seat, action), 1.0)]
        else:
            total = sum(visits for _, visits, _ in search["moves"]) or 1
            policy = sorted((twin.to_openspiel(seat, move), visits / total) for move, visits, _ in search["moves"])
        return policy, twin.to_openspiel(seat, action)

    def _follow(self, twin: _Twin) -> tabula.State:
        """The bot's copy of the game, brought up to ``twin``'s moves: the
        agent is told each move it has not seen; a game that is not the
        one followed so far is followed afresh from its start."""
        mirror = self._mirror
        seen = mirror.history() if mirror is not None else []
        same_game = (
            mirror is not None
            and self._game is not None
            and self._game.spec == twin.game.spec
            and self._start == twin.start
            and twin.actions[: len(seen)] == seen
        )
        if not same_game:
            mirror = twin.new_state()
            seen = []
            self._game, self._start = twin.game, twin.start
        assert mirror is not None
        for action in twin.actions[len(seen) :]:
            self.agent.inform_action(mirror, mirror.current_player(), action)
            mirror.apply_action(action)
        self._mirror = mirror
        return mirror
