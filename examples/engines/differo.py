"""Kashio Fujii's Differo as Tabula implements it (games/differo/RULES.txt),
in the form the example engines use.

A cell is (row, number): rows A-I are 0-8 from White's edge, numbers 1-9;
row r holds numbers max(1, r-3) to min(9, r+5). A state is (pieces,
to_move): pieces maps each occupied cell to its seat (0 White, 1 Black).
"""

ROWS = 9
SIDES = "wb"
GOALS = {0: (8, 7), 1: (0, 3)}  # White races to I7, Black to A3
PIECES = 13

# The three line families as the (row, number) step along them: the row,
# the diagonal, the third line. A move goes either way along one of them.
FAMILIES = [(0, 1), (1, 0), (1, 1)]

START = "...../.bbbb./.b.b.b./.bbbbbb./........./.wwwwww./.w.w.w./.wwww./..... w"


def row_cells(r):
    return [(r, d) for d in range(max(1, r - 3), min(9, r + 5) + 1)]


CELLS = [cell for r in range(ROWS) for cell in row_cells(r)]
ON_BOARD = set(CELLS)


def variant(params):
    if params:
        raise ValueError("differo has no parameters")
    return None


def name(cell):
    return f"{chr(ord('A') + cell[0])}{cell[1]}"


def cell_named(text):
    cell = (ord(text[0].upper()) - ord("A"), int(text[1])) if len(text) == 2 and text[1].isdigit() else None
    if cell not in ON_BOARD:
        raise ValueError(f"`{text}` is not a cell of the board")
    return cell


def start(v):
    return parse_position(v, START)


def to_move(state):
    return state[1]


def line(cell, family):
    """Every cell of the line of `family` through `cell`, edge to edge."""
    dr, dd = FAMILIES[family]
    cells = []
    for sign in (1, -1):
        r, d = cell
        while (r, d) in ON_BOARD:
            cells.append((r, d))
            r, d = r + sign * dr, d + sign * dd
    return frozenset(cells)


# LINES[cell][family]: the cells of that line, worked out once.
LINES = {cell: [line(cell, family) for family in range(len(FAMILIES))] for cell in CELLS}


def moves_of(state, seat):
    """(from, to) of every legal move `seat` would have."""
    pieces, _ = state
    moves = []
    for cell in sorted(c for c, s in pieces.items() if s == seat):
        for family, (dr, dd) in enumerate(FAMILIES):
            on_line = [pieces[c] for c in LINES[cell][family] if c in pieces]
            step = on_line.count(seat) - (len(on_line) - on_line.count(seat))
            if step <= 0:
                continue
            for sign in (1, -1):
                to = (cell[0] + sign * dr * step, cell[1] + sign * dd * step)
                if to in ON_BOARD and to not in pieces and to != GOALS[1 - seat]:
                    moves.append((cell, to))
    return moves


def winner(v, state):
    """A side on its own goal has won; a side to move without a move has lost."""
    pieces, side = state
    for seat, goal in GOALS.items():
        if pieces.get(goal) == seat:
            return seat
    return None if moves_of(state, side) else 1 - side


def legal_moves(v, state):
    if winner(v, state) is not None:
        return []
    return [f"{name(a)}-{name(b)}" for a, b in moves_of(state, state[1])]


def play(v, state, move):
    """The state after `move` (any letter case); ValueError when illegal."""
    frm, dash, to = move.upper().partition("-")
    if not dash:
        raise ValueError("a move is two cells joined by `-`, like G4-G5")
    frm, to = cell_named(frm), cell_named(to)
    pieces, side = state
    if winner(v, state) is not None or (frm, to) not in moves_of(state, side):
        raise ValueError(f"`{move}` is not a legal move here")
    pieces = dict(pieces)
    del pieces[frm]
    pieces[to] = side
    return pieces, 1 - side


def position(v, state):
    pieces, side = state
    rows = ["".join(".wb"[pieces[c] + 1] if c in pieces else "." for c in row_cells(r)) for r in reversed(range(ROWS))]
    return "/".join(rows) + " " + SIDES[side]


def parse_position(v, text):
    """Reads rows I down to A joined by `/`, a space, `w` or `b`."""
    board, _, side = text.strip().partition(" ")
    rows = board.split("/")
    if side.strip() not in ("w", "b") or len(rows) != ROWS:
        raise ValueError("expected the 9 rows I to A joined by `/`, a space, and `w` or `b`")
    pieces = {}
    for r, row_text in zip(reversed(range(ROWS)), rows):
        cells = row_cells(r)
        if len(row_text) != len(cells) or any(ch not in ".wb" for ch in row_text):
            raise ValueError(f"row {chr(ord('A') + r)} needs {len(cells)} cells of `.`, `w` or `b`")
        for cell, ch in zip(cells, row_text):
            if ch != ".":
                pieces[cell] = SIDES.index(ch)
    for seat in (0, 1):
        if sum(1 for s in pieces.values() if s == seat) > PIECES:
            raise ValueError(f"a side has at most {PIECES} pieces")
        if pieces.get(GOALS[1 - seat]) == seat:
            raise ValueError("a piece stands on the opponent's goal")
    return pieces, SIDES.index(side.strip())


def distance(a, b):
    """Single steps between two cells along the three line families."""
    dr, dd = b[0] - a[0], b[1] - a[1]
    return max(abs(dr), abs(dd)) if dr * dd >= 0 else abs(dr) + abs(dd)


def nearest(state, seat):
    cells = [c for c, s in state[0].items() if s == seat]
    return min((distance(c, GOALS[seat]) for c in cells), default=16)


def evaluate(v, state, seat):
    """A race: how much nearer our best piece is to its goal than theirs,
    plus a little mobility; a position where the side to move can reach
    its goal at once is as good as won for it."""
    pieces, side = state
    goal = GOALS[side]
    if any(to == goal for _, to in moves_of(state, side)):
        return -1000 if side != seat else 1000
    lead = nearest(state, 1 - seat) - nearest(state, seat)
    mobility = len(moves_of(state, seat)) - len(moves_of(state, 1 - seat))
    return lead + 0.05 * mobility
