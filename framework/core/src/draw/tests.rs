use super::picture::{self, Svg};
use super::text::{Canvas, Glyph, Mark};
use super::{Caption, Grid, Hex, Pits};
use crate::{
    Game, MoveError, Notation, Outcome, ParamError, ParamSpec, Params, PositionError, Style,
    Variant, View,
};

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

#[test]
fn brackets_frame_a_cell_and_meet_as_one_bar() {
    let mut canvas = Canvas::new(false);
    canvas.glyph(0, 1, &Glyph::new("X").mark(Mark::Bracket));
    canvas.glyph(0, 3, &Glyph::new("O").mark(Mark::Bracket));
    canvas.glyph(0, 6, &Glyph::new("."));
    assert_eq!(canvas.into_lines(), ["[X|O] ."]);
}

#[test]
fn in_colour_a_bracketed_cell_is_highlighted_instead() {
    let mut canvas = Canvas::new(true);
    canvas.glyph(
        0,
        1,
        &Glyph::new("X").style(Style::Bold).mark(Mark::Bracket),
    );
    canvas.glyph(0, 3, &Glyph::new("O").style(Style::Bold));
    assert_eq!(
        canvas.into_lines(),
        [" \x1b[30;43mX\x1b[0m \x1b[1mO\x1b[0m"]
    );
}

#[test]
fn a_sign_follows_its_cell_with_or_without_colour() {
    for color in [false, true] {
        let mut canvas = Canvas::new(color);
        canvas.glyph(
            0,
            0,
            &Glyph::new(" 3").style(Style::Cyan).mark(Mark::Sign('^')),
        );
        canvas.glyph(0, 3, &Glyph::new(" 4").mark(Mark::Sign('*')));
        let line = canvas.into_lines().remove(0);
        let plain = if color {
            "\x1b[36m 3\x1b[0m^ 4*"
        } else {
            " 3^ 4*"
        };
        assert_eq!(line, plain);
    }
}

#[test]
fn wide_text_keeps_the_columns_after_it_in_place() {
    let mut canvas = Canvas::new(true);
    canvas.paint(0, 0, "abc", Style::Red);
    canvas.write(0, 4, "d");
    // Nothing written takes no column.
    canvas.write(0, 1, "");
    canvas.write(2, 1, "e   ");
    let lines = canvas.into_lines();
    assert_eq!(lines, ["\x1b[31mabc\x1b[0m d", "", " e"]);
}

#[test]
fn a_grid_names_its_files_and_ranks_on_every_side() {
    let grid = Grid::new(3, 2);
    let text = grid.text(1, false, |file, rank| Glyph::new(format!("{file}{rank}")));
    // Glyphs wider than the cell run on; here each cell says where it is.
    assert_eq!(text[1], " 2  011121 2");
    let text = grid.text(1, false, |file, rank| {
        let glyph = Glyph::new(if (file, rank) == (0, 0) { "X" } else { "." });
        match (file, rank) {
            (2, 1) => glyph.mark(Mark::Bracket),
            _ => glyph,
        }
    });
    assert_eq!(
        text,
        ["    a b c", " 2  . .[.] 2", " 1  X . .  1", "    a b c"]
    );
}

#[test]
fn a_grid_with_rank_one_on_top_and_wide_cells() {
    let grid = Grid::new(2, 2).rank_one_at_top().upper_case();
    let text = grid.text(3, false, |file, rank| {
        let glyph = Glyph::new((10 * rank + file).to_string());
        if rank == 1 {
            glyph.mark(Mark::Sign('*'))
        } else {
            glyph
        }
    });
    assert_eq!(
        text,
        [
            "      A   B",
            " 1    0   1  1",
            " 2   10* 11* 2",
            "      A   B"
        ]
    );
}

#[test]
fn picture_centres_follow_the_rank_order() {
    let bottom = Grid::new(3, 2).picture(10.0, (5.0, 20.0));
    assert_eq!(bottom.centre(0, 0), (10.0, 35.0));
    assert_eq!(bottom.centre(2, 1), (30.0, 25.0));
    assert_eq!((bottom.width(), bottom.height()), (30.0, 20.0));
    let top = Grid::new(3, 2).rank_one_at_top().picture(10.0, (5.0, 20.0));
    assert_eq!(top.centre(0, 0), (10.0, 25.0));
}

/// A picture asking for a cell past the last rank is a bug in the
/// picture; the panic says which cell and how big the grid is (it was an
/// arithmetic overflow with no position).
#[test]
#[should_panic(expected = "cell (file 0, rank 6) is off the 7×6 grid")]
fn a_cell_past_the_last_rank_is_named_in_the_panic() {
    Grid::new(7, 6).picture(10.0, (0.0, 0.0)).centre(0, 6);
}

/// With rank 1 on top nothing overflows, but the cell would be drawn off
/// the board: refused the same way.
#[test]
#[should_panic(expected = "cell (file 7, rank 0) is off the 7×6 grid")]
fn a_cell_past_the_last_file_is_named_in_the_panic() {
    Grid::new(7, 6)
        .rank_one_at_top()
        .picture(10.0, (0.0, 0.0))
        .centre(7, 0);
}

#[test]
#[should_panic(expected = "row 3 is off the 2×3 grid")]
fn a_row_off_the_grid_is_named_in_the_panic() {
    Grid::new(2, 3).rank_in_row(3);
}

#[test]
fn the_frame_labels_every_file_and_rank_outside_the_surface() {
    let board = Grid::new(2, 3).picture(20.0, (40.0, 40.0));
    let mut svg = Svg::new(200.0, 200.0);
    board.surface(&mut svg, 4.0, 6.0);
    board.lines(&mut svg);
    board.frame(&mut svg, 4.0);
    let svg = svg.finish();
    assert!(svg.contains(r#"<rect x="36" y="36" width="48" height="68" rx="6" fill="#));
    // One line between the 2 files, two between the 3 ranks.
    assert_eq!(svg.matches("<line").count(), 3);
    // Above and below each file; beside each rank, on the left and right.
    for (x, y, text) in [(50, 26, "a"), (70, 124, "b"), (18, 55, "3"), (102, 95, "1")] {
        let label = format!(r#"<text x="{x}" y="{y}" text-anchor="middle""#);
        assert!(
            svg.contains(&format!("{label} fill=\"#6b6b6b\">{text}</text>")),
            "{x} {y} {text}: {svg}"
        );
    }
    assert_eq!(svg.matches("</text>").count(), 2 * 2 + 2 * 3);
}

#[test]
fn hex_neighbours_are_one_width_apart() {
    let hex = Hex {
        radius: 10.0,
        origin: (100.0, 100.0),
    };
    let here = hex.centre(0.0, 0.0);
    assert_eq!(here, (100.0, 100.0));
    let neighbours = [
        (0.0, 1.0),
        (0.0, -1.0),
        (1.0, 0.0),
        (1.0, 1.0),
        (-1.0, 0.0),
        (-1.0, -1.0),
    ];
    for (row, col) in neighbours {
        let d = distance(here, hex.centre(row, col));
        assert!((d - hex.width()).abs() < 1e-9, "({row}, {col}) is {d} away");
    }
    // A row up is higher on the picture, and a column runs up to the left.
    let up = hex.centre(2.0, 0.0);
    assert!(up.1 < here.1 && up.0 < here.0);
    let corners = Hex::corners(here, 10.0);
    assert_eq!(corners.len(), 6);
    assert!(
        (corners[0].1 - 90.0).abs() < 1e-9,
        "pointy top: {corners:?}"
    );
    assert!(corners
        .iter()
        .all(|&c| (distance(c, here) - 10.0).abs() < 1e-9));
}

#[test]
fn stores_stand_either_side_of_the_pits() {
    let pits = Pits::new(4, 2, 10.0, (0.0, 5.0), 8.0, 2.0);
    assert_eq!(pits.store(0), (0.0, 5.0, 8.0, 20.0));
    assert_eq!(pits.store(1), (52.0, 5.0, 8.0, 20.0));
    assert_eq!(pits.right(), 60.0);
    assert_eq!(pits.centre(0, 0), (15.0, 10.0));
    assert_eq!(pits.centre(3, 1), (45.0, 20.0));
    let mut svg = Svg::new(60.0, 30.0);
    pits.draw_store(&mut svg, 1, "7", r#"fill="none""#);
    picture::pit(&mut svg, pits.centre(0, 0), 4.0, "3", r#"fill="none""#);
    let svg = svg.finish();
    assert!(
        svg.contains(r#"<rect x="52" y="5" width="8" height="20" fill="none"/>"#),
        "{svg}"
    );
    assert!(
        svg.contains(r#"<text x="56" y="20" text-anchor="middle" font-size="16""#),
        "{svg}"
    );
    assert!(
        svg.contains(r#"<text x="15" y="16""#) && svg.contains(">3</text>"),
        "{svg}"
    );
}

/// Take 1 or 2 stones; whoever takes the last stone wins.
#[derive(Clone, Debug)]
struct Pile {
    left: u8,
    to_move: usize,
}

/// Pile's one variant.
#[derive(Clone, Debug)]
struct Piles;

impl Variant for Piles {
    type State = Pile;
    const NAME: &'static str = "pile";
    const DESCRIPTION: &'static str = "take 1 or 2 stones";
    const PARAMS: &'static [ParamSpec] = &[];
    const RULES: &'static str = "Take 1 or 2 stones; taking the last wins.";
    fn new(_: &Params) -> Result<Self, ParamError> {
        Ok(Piles)
    }
    fn start(&self) -> Pile {
        Pile {
            left: 3,
            to_move: 0,
        }
    }
    fn players(&self) -> usize {
        2
    }
    fn action_count(&self) -> usize {
        2
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![1]
    }
    fn seat_name(&self, seat: usize) -> String {
        ["first", "second"][seat].to_string()
    }
}

impl Game for Pile {
    type Move = u8;
    type Variant = Piles;
    fn variant(&self) -> &Piles {
        &Piles
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then(|| Outcome::win(1 - self.to_move))
    }
    fn key(&self) -> u64 {
        (u64::from(self.left) << 1) | self.to_move as u64
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend((1..=2).filter(|&n| n <= self.left));
    }
    fn play(&mut self, mv: u8) {
        self.left -= mv;
        self.to_move = 1 - self.to_move;
    }
}

impl Notation for Pile {
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        text.parse().map_err(|_| MoveError::syntax(text, "1 or 2"))
    }
    fn format_move(&self, mv: u8) -> String {
        format!("take {mv}")
    }
    fn position(&self) -> String {
        self.left.to_string()
    }
    fn read_position(_: &Piles, text: &str) -> Result<Self, PositionError> {
        Err(PositionError::new(text, "not needed here"))
    }
}

#[test]
fn the_caption_says_the_last_move_and_whose_turn_it_is() {
    let start = Pile {
        left: 3,
        to_move: 0,
    };
    let mut after = start.clone();
    after.play(2);
    let view = View {
        last: Some((&start, 2)),
        color: true,
    };
    let mut caption = Caption::new(view.color);
    caption
        .line("o o   ")
        .last_move(&view, " (2 gone)")
        .status(&after, None);
    assert_eq!(
        caption.under(&["board  ".to_string()]),
        "board\no o\nLast move: first take 2 (2 gone)\nSecond to move"
    );
    // No last move, no line for it.
    let mut caption = Caption::new(false);
    caption
        .last_move(&View::<Pile>::plain(), "")
        .status(&start, None);
    assert_eq!(caption.lines(), ["First to move"]);
}

#[test]
fn the_result_is_worded_from_the_outcome_unless_the_game_says_why() {
    let over = Pile {
        left: 0,
        to_move: 0,
    };
    let mut caption = Caption::new(false);
    caption.status(&over, None);
    caption.status(&over, Some("second wins (the last stone)".to_string()));
    assert_eq!(
        caption.lines(),
        [
            "Game over: second wins",
            "Game over: second wins (the last stone)"
        ]
    );
    let mut bold = Caption::new(true);
    bold.status(&over, None);
    assert_eq!(bold.lines(), ["Game over: \x1b[1msecond wins\x1b[0m"]);
    let mut svg = picture::titled(100.0, 100.0, "Pile");
    caption.draw(&mut svg, 60.0);
    let svg = svg.finish();
    assert!(svg.contains(r#"<text x="16" y="24" font-size="16" font-weight="bold">Pile</text>"#));
    assert!(
        svg.contains(r#"<text x="16" y="80">Game over: second wins (the last stone)</text>"#),
        "{svg}"
    );
}
