// Entering moves by clicking the board, for every game alike: a move's
// text names the cells it touches in order ("D", "c3", "G4-G5",
// "d4:h6-g6", "C3-NE"), and the board's click targets carry those names
// (data-cell). A click extends the selection while some legal move starts
// with it; a move whose cells are all selected is played. What a move
// names beyond the board (Calcala's direction, "pass") becomes a button.
"use strict";

const Board = {
  // The cells and words a move text names, in order.
  tokens(move) {
    return move.split(/[-:>]+/).filter((t) => t.length > 0);
  },

  // The legal moves whose tokens start with `selection`.
  matching(legal, selection) {
    return legal.filter((move) => {
      const tokens = Board.tokens(move);
      return selection.every((cell, i) => tokens[i] === cell);
    });
  },

  // What a click on `cell` does with `selection` selected: a move to play,
  // a longer selection, or nothing (`{}`).
  click(legal, selection, cell) {
    for (const start of [selection, []]) {
      const chosen = start.concat([cell]);
      const moves = Board.matching(legal, chosen);
      if (moves.length === 0) continue;
      const whole = moves.filter((m) => Board.tokens(m).length === chosen.length);
      if (whole.length === 1 && moves.length === 1) return { play: whole[0] };
      return { selection: chosen };
    }
    return {};
  },

  // The next tokens of the moves that extend `selection`, and whether a
  // move ends there.
  next(legal, selection) {
    const next = new Set();
    let ends = null;
    for (const move of Board.matching(legal, selection)) {
      const tokens = Board.tokens(move);
      if (tokens.length === selection.length) ends = move;
      else next.add(tokens[selection.length]);
    }
    return { next: [...next], ends };
  },
};

if (typeof module !== "undefined") module.exports = Board;
