"""Type stubs for the native module ``tabula._tabula`` (re-exported by ``tabula``)."""

import os
from typing import Any, Callable, Dict, List, Optional, Tuple, Union, final, overload

__all__ = [
    "TERMINAL",
    "__version__",
    "Agent",
    "Game",
    "State",
    "analyse_report",
    "arena_summary",
    "game_parameters",
    "judge_record",
    "load_game",
    "registered_agents",
    "registered_games",
    "representative_specs",
    "study_summary",
]

__version__: str
"""The package's version, e.g. ``"0.1.0"``."""

TERMINAL: int
"""OpenSpiel's player id for a finished game (-4): ``current_player()`` then."""

def registered_games() -> List[str]:
    """The names of the games ``load_game`` knows, in ``tabula list`` order."""

def representative_specs(name: str) -> List[str]:
    """A few parameter sets of game ``name`` worth trying: its defaults
    first, then one with more players if it has any (what its tests play).

    Raises ``ValueError`` for an unknown game."""

def game_parameters(name: str) -> List[Dict[str, Any]]:
    """The parameters of game ``name`` in ``tabula list`` order, each a dict of
    ``name``, ``kind`` (``"int"``, ``"seed"``, ``"float"``, ``"bool"``,
    ``"duration"``, ``"choice"``, ``"text"`` or ``"verbatim"``), ``default``
    (canonical text; ``""`` when unset unless given), ``help``, ``values`` (the
    accepted values in words), ``min`` and ``max`` for ``int`` and ``float``,
    ``choices`` for ``choice``.

    Raises ``ValueError`` for an unknown game."""

def registered_agents() -> List[str]:
    """The names of the agent kinds ``Agent`` knows (``random``, ``mcts``, ...)."""

def load_game(spec: str) -> Game:
    """The game a spec names, e.g. ``load_game("calcala(players=3)")``.

    Raises ``ValueError`` (with the REPL's message) for an unknown game or a
    bad parameter."""

def arena_summary(
    agents: List[str],
    games: str,
    rounds: Optional[int],
    seed: int,
    threads: Optional[int],
    max_plies: int,
    opening_plies: int,
    out: str,
    resume: bool,
    shard: Optional[str],
    sprt: Optional[str] = None,
    gauntlet: Optional[str] = None,
    openings: Optional[str] = None,
    openings_order: Optional[str] = None,
    standings_every: Optional[int] = None,
    on_standings: Optional[Callable[[str], None]] = None,
    anchor: Optional[str] = None,
) -> str:
    """Plays a tournament with ``tabula arena``'s settings and returns the
    summary JSON text; ``tabula.arena`` is the friendly wrapper."""

def study_summary(
    game: Optional[str],
    vary: List[str],
    variants: List[str],
    agent: Optional[str],
    games: Optional[int],
    ladder: Optional[str],
    ladder_games: Optional[int],
    seed: int,
    threads: Optional[int],
    max_plies: int,
    opening_plies: int,
    exact_positions: Optional[int],
    dbs: List[str],
    out: str,
    resume: bool,
    shard: Optional[str],
) -> str:
    """Plays a study with ``tabula study``'s settings and returns the summary
    JSON text; ``tabula.study`` is the friendly wrapper."""

def analyse_report(
    results: Union[str, os.PathLike[str]],
    db: Union[str, os.PathLike[str]],
    out: Optional[Union[str, os.PathLike[str]]] = None,
) -> str:
    """Judges a tournament's moves against a database as ``tabula analyse``
    does and returns the report's JSON text (writing ``accuracy.json`` and
    ``accuracy.svg`` into ``out`` when given); ``tabula.analyse`` is the
    friendly wrapper."""

def judge_record(record: str, db: Union[str, os.PathLike[str]]) -> str:
    """Judges every move of one game record (JSON text) against a database
    and returns the judged game's JSON text; ``tabula.judge_game`` is the
    friendly wrapper."""

@final
class Game:
    """A game variant, e.g. ``calcala(players=3)``: what ``load_game`` returns."""

    @property
    def name(self) -> str:
        """The registry name, e.g. ``"calcala"``."""
    @property
    def spec(self) -> str:
        """The canonical spec, showing non-default parameters."""
    def new_initial_state(self) -> State:
        """The start position."""
    def new_state(self, position: str) -> State:
        """The position a position text describes (the REPL's ``setup``)."""
    def deserialize_state(self, text: str) -> State:
        """The state ``State.serialize`` wrote, history included; ``ValueError``
        (naming the line) for text that is not a serialized state of this variant."""
    def num_players(self) -> int:
        """Seats in this variant."""
    def num_distinct_actions(self) -> int:
        """How many action numbers the variant uses."""
    def max_game_length(self) -> Optional[int]:
        """The most moves a game of this variant can last, where the rules bound
        it; ``None`` where they do not (cap the length yourself then)."""
    def observation_tensor_shape(self) -> List[int]:
        """The shape of ``State.observation_tensor``, outermost first."""
    def observation_tensor_size(self) -> int:
        """The number of values in ``State.observation_tensor``."""
    def rules(self) -> str:
        """The rules as implemented (the REPL's ``rules``)."""
    def __str__(self) -> str:
        """The canonical spec."""
    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        """Pickled as its spec."""
    def __repr__(self) -> str: ...

@final
class State:
    """One position of a game, with the actions played to reach it."""

    def current_player(self) -> int:
        """The seat to move (0, 1, ...), or ``TERMINAL`` (-4) once the game is over."""
    def legal_actions(self, player: Optional[int] = None, /) -> List[int]:
        """The legal moves' action numbers in ascending order (empty when over, or for a
        player not to move)."""
    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        """One 0/1 entry per action number, 1 for the legal ones."""
    def _legal_actions_mask_bytes(self, player: int) -> bytearray:
        """``legal_actions_mask(player)`` as bytes, for ``numpy.frombuffer`` (int8)."""
    def legal_moves(self) -> List[str]:
        """The canonical texts of the legal moves, in the order of ``legal_actions``."""
    @overload
    def action_to_string(self, action: int, /) -> str:
        """The move text of an action number, legal here or not."""
    @overload
    def action_to_string(self, player: int, action: int, /) -> str:
        """OpenSpiel's form: ``player`` must be a seat; the text is the same."""
    @overload
    def string_to_action(self, text: str, /) -> int:
        """The action number of a move text (read as the REPL reads it, legal here or not)."""
    @overload
    def string_to_action(self, player: int, text: str, /) -> int:
        """OpenSpiel's form: ``player`` must be a seat; the number is the same."""
    def apply_action(self, action: int, /) -> None:
        """Plays the move with this action number; ``ValueError`` if illegal."""
    def apply_move(self, text: str) -> str:
        """Plays a move given as text; returns its canonical text."""
    def child(self, action: int) -> State:
        """A copy with ``action`` applied, this state unchanged; ``ValueError`` if illegal."""
    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last action, which must be ``action`` by ``player``
        (replayed from the history's start); ``ValueError`` otherwise, or with
        nothing to undo, and the state is unchanged."""
    def clone(self) -> State:
        """An independent copy."""
    def serialize(self) -> str:
        """The state as text, history included: the start position, then one
        action per line (``Game.deserialize_state`` reads it)."""
    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        """Pickled as its game and ``serialize()``."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def is_terminal(self) -> bool:
        """Whether the game is over."""
    def is_chance_node(self) -> bool:
        """Always ``False``: Tabula's games have no chance moves."""
    def returns(self) -> List[float]:
        """Zero-sum returns: 0 while running; +1/-1 (0 each for a draw) with
        two seats; ``n/k - 1`` for each of ``k`` winners of ``n`` seats, -1 for the others."""
    def player_return(self, player: int) -> float:
        """``returns()[player]``."""
    def winners(self) -> Optional[List[int]]:
        """The winning seats once the game is over, ``None`` while it runs."""
    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        """What ``player`` (the seat to move when omitted) observes, flattened."""
    def _observation_bytes(self, player: int) -> bytearray:
        """``observation_tensor(player)`` as float32 bytes in the machine's order,
        for ``numpy.frombuffer``."""
    def observation_string(self, player: Optional[int] = None) -> str:
        """What ``player`` (the seat to move when omitted) observes, as text: the
        board, the same for every seat (the games hide nothing)."""
    def position(self) -> str:
        """The position text (``Game.new_state`` reads it)."""
    def board(self, color: bool = False) -> str:
        """The board as the REPL draws it."""
    def history(self) -> List[int]:
        """The action numbers applied since the start state."""
    def move_number(self) -> int:
        """How many actions were applied since the start state."""
    def num_players(self) -> int:
        """Seats in this game."""
    def num_distinct_actions(self) -> int:
        """How many action numbers the variant uses."""
    def seat_name(self, player: int) -> str:
        """How the game calls a seat (``"South"``, ``"Black"``, ``"player 3"``)."""
    def get_game(self) -> Game:
        """The game variant of this state."""
    def __str__(self) -> str:
        """The board as the REPL draws it, without colours."""
    def __repr__(self) -> str: ...

@final
class Agent:
    """An agent of any registered kind, e.g. ``Agent("mcts(iterations=1000)")``."""

    def __new__(cls, spec: str, seed: int = 0) -> Agent:
        """An agent from a spec such as ``mcts(iterations=1000)``; ``seed``
        seeds it unless the spec has a ``seed`` of its own. Raises
        ``ValueError`` for a bad spec (the REPL's message)."""
    @property
    def spec(self) -> str:
        """The canonical spec."""
    @property
    def thinking(self) -> bool:
        """Whether a ``step`` is running (in another thread)."""
    @property
    def last_search(self) -> Optional[Dict[str, Any]]:
        """What the last ``step`` searched: ``iterations`` (this search's),
        ``nodes``, ``seconds``, ``value`` (the expected score of the seat to
        move) and ``moves``, the root's ``(action, visits, value)`` best first,
        whose visits include a kept tree's; ``None`` before any ``step`` and
        after one by an agent that does not search."""
    def step(self, state: State) -> int:
        """Chooses a move for the seat to move and returns its action number
        (without playing it). The GIL is released while it thinks; ``stop()``
        from another thread makes it answer at once with its best move so far,
        and Ctrl-C on the main thread stops the search and raises
        ``KeyboardInterrupt`` (no move is returned). ``ValueError`` once the
        game is over, ``RuntimeError`` when the agent gives up (an engine that
        crashed)."""
    def inform_action(self, state: State, player: int, action: int) -> None:
        """Tells the agent that ``player`` plays ``action`` in ``state`` (before
        it is applied): told of every move, MCTS keeps its tree between its
        ``step`` calls and an engine is sent the game's moves. ``ValueError``
        for a finished game, a player not to move or an illegal action."""
    def stop(self) -> None:
        """Asks a running ``step`` (in another thread) to answer now; does
        nothing when none runs."""
    def __repr__(self) -> str: ...
