"""Mark Steere's Diffusion as Tabula implements it (games/diffusion/RULES.txt),
in the form the example engines use: a variant from the game's parameters,
states as plain tuples, moves as Tabula writes them.

Pits are numbered row by row: row 0 is the upper row (B's side, pits written
a, b, c, ...), row 1 the lower row (A's side, written A, B, C, ...). A state
is (pits, to_move) with pits a tuple of stone counts and to_move 0 for A, 1
for B. Stones sown into the stores leave play, so states do not count them.
"""

from collections import namedtuple

Variant = namedtuple("Variant", "width stones blocks")

SIDES = "AB"

# The five positions a pit sows into, as (row step, column step), in order.
SOWING = {
    0: [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1)],  # upper row: W, SW, S, SE, E
    1: [(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1)],  # lower row: E, NE, N, NW, W
}


def variant(params):
    """The variant of `diffusion(width=..., stones=..., blocks=...)`."""
    known = {"width": "6", "stones": "4", "blocks": "halves"}
    unknown = set(params) - set(known)
    if unknown:
        raise ValueError(f"no parameter `{unknown.pop()}`; the parameters are width, stones, blocks")
    values = {**known, **params}
    try:
        width, stones = int(values["width"]), int(values["stones"])
    except ValueError:
        raise ValueError("width and stones are whole numbers") from None
    if width % 2 or not 4 <= width <= 12:
        raise ValueError("width is an even number from 4 to 12")
    if not 1 <= stones <= 5:
        raise ValueError("stones is a number from 1 to 5")
    if values["blocks"] not in ("halves", "rows"):
        raise ValueError("blocks is halves or rows")
    return Variant(width, stones, values["blocks"])


def owner(v, pit):
    """The seat whose block holds `pit`."""
    row, col = divmod(pit, v.width)
    if v.blocks == "rows":
        return 0 if row == 1 else 1
    return 0 if col < v.width // 2 else 1


def start(v):
    return (v.stones,) * (2 * v.width), 0


def to_move(state):
    return state[1]


def winner(v, state):
    """The seat whose block is empty (A is looked at first), else None."""
    pits, _ = state
    for seat in (0, 1):
        if all(n == 0 for p, n in enumerate(pits) if owner(v, p) == seat):
            return seat
    return None


def name(v, pit):
    row, col = divmod(pit, v.width)
    letter = chr(ord("a") + col)
    return letter.upper() if row == 1 else letter


def legal_moves(v, state):
    """Every non-empty pit, yours or not, while nobody has won."""
    if winner(v, state) is not None:
        return []
    return [name(v, p) for p, n in enumerate(state[0]) if n > 0]


def play(v, state, move):
    """The state after `move`; ValueError when it is not a legal move."""
    if move not in legal_moves(v, state):
        raise ValueError(f"`{move}` is not a legal move here")
    pits, side = state
    pits = list(pits)
    col = ord(move.lower()) - ord("a")
    row = 1 if move.isupper() else 0
    pit = row * v.width + col
    stones, pits[pit] = pits[pit], 0
    for dr, dc in SOWING[row][:stones]:
        r, c = row + dr, col + dc
        if not 0 <= c < v.width:
            continue  # past the end: the stone goes to that end's store
        target = r * v.width + c
        if pits[target] < 5:
            pits[target] += 1  # a sixth stone overflows to a store instead
    return tuple(pits), 1 - side


def position(v, state):
    """The position text, e.g. `444444/444444 A`."""
    pits, side = state
    rows = ["".join(str(n) for n in pits[r * v.width:(r + 1) * v.width]) for r in (0, 1)]
    return f"{rows[0]}/{rows[1]} {SIDES[side]}"


def parse_position(v, text):
    """Reads `UPPER/LOWER SIDE`; ValueError says what is wrong."""
    rows, _, side = text.strip().partition(" ")
    if side.strip().upper() not in SIDES:
        raise ValueError("expected `UPPER/LOWER SIDE` with SIDE A or B, e.g. `444444/444444 A`")
    upper, slash, lower = rows.partition("/")
    if not slash or len(upper) != v.width or len(lower) != v.width:
        raise ValueError(f"expected two rows of {v.width} digits joined by `/`")
    if not all(ch in "012345" for ch in upper + lower):
        raise ValueError("a pit holds 0 to 5 stones")
    pits = tuple(int(ch) for ch in upper + lower)
    if not any(pits):
        raise ValueError("both blocks are empty, which no game can reach")
    return pits, SIDES.index(side.strip().upper())


def evaluate(v, state, seat):
    """A player wins by emptying his own block: fewer stones there, and more
    in the opponent's, are better."""
    pits, _ = state
    mine = sum(n for p, n in enumerate(pits) if owner(v, p) == seat)
    theirs = sum(pits) - mine
    return theirs - mine
