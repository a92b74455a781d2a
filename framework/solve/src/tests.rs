//! The solver on a random move graph with cycles (draws), repeated moves,
//! moves to lower layers and a long chain (distances past the nine-bit
//! codes, into the overflow list), checked against a plain fixed-point computation.

use std::ops::Range;
use std::sync::OnceLock;

use rand::Rng as _;

use super::*;
use tabula_core::error::{MoveError, PositionError};
use tabula_core::outcome::Outcome;
use tabula_core::params::{ParamError, ParamSpec, Params};
use tabula_core::rng::seeded;

/// Nodes per random layer, random layers, and the chain's length.
const LAYER: usize = 400;
const LAYERS: usize = 6;
const CHAIN: usize = 300;

/// The move graph: a chain layer first (node `k` moves to `k - 1`; node 0
/// is lost for its side to move), then random layers.
struct Graph {
    /// Each node's move targets (repeats allowed); empty for a finished game.
    moves: Vec<Vec<u32>>,
    /// For finished games: whether the side to move has won.
    won: Vec<Option<bool>>,
    layers: Vec<Range<u64>>,
}

fn graph() -> &'static Graph {
    static GRAPH: OnceLock<Graph> = OnceLock::new();
    GRAPH.get_or_init(|| {
        let mut rng = seeded(7);
        let nodes = CHAIN + LAYER * LAYERS;
        let mut moves = vec![Vec::new(); nodes];
        let mut won = vec![None; nodes];
        let mut layers = Vec::new();
        layers.push(0..CHAIN as u64);
        won[0] = Some(false);
        for (k, targets) in moves.iter_mut().enumerate().take(CHAIN).skip(1) {
            targets.push(k as u32 - 1);
        }
        for layer in 0..LAYERS {
            let start = CHAIN + layer * LAYER;
            layers.push(start as u64..(start + LAYER) as u64);
            for node in start..start + LAYER {
                if rng.random_range(0..100) < 4 {
                    won[node] = Some(rng.random_bool(0.5));
                    continue;
                }
                for _ in 0..rng.random_range(1..=4) {
                    let target = if rng.random_range(0..100) < 75 {
                        rng.random_range(start..start + LAYER)
                    } else {
                        rng.random_range(0..start)
                    };
                    moves[node].push(target as u32);
                }
            }
        }
        Graph { moves, won, layers }
    })
}

/// A position of the graph game: a node and the side to move. The graph is
/// the same for both sides, so the index is the node.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Walk {
    node: u32,
    to_move: usize,
}

impl Game for Walk {
    type Move = u8;
    const NAME: &'static str = "walk";
    const DESCRIPTION: &'static str = "walk a random graph";

    const PARAMS: &'static [ParamSpec] = &[];
    const RULES: &'static str = "follow an edge";

    fn new(_: &Params) -> Result<Self, ParamError> {
        Ok(Walk {
            node: (CHAIN + 1) as u32,
            to_move: 0,
        })
    }
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        let won = graph().won[self.node as usize]?;
        Some(Outcome::win(if won {
            self.to_move
        } else {
            1 - self.to_move
        }))
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend(0..graph().moves[self.node as usize].len() as u8);
    }
    fn play(&mut self, mv: u8) {
        self.node = graph().moves[self.node as usize][mv as usize];
        self.to_move = 1 - self.to_move;
    }
    fn key(&self) -> u64 {
        u64::from(self.node) << 1 | self.to_move as u64
    }
    /// A node has at most 4 moves.
    fn action_count(&self) -> usize {
        4
    }
    fn action(&self, mv: u8) -> usize {
        usize::from(mv)
    }
    fn action_move(&self, action: usize) -> Option<u8> {
        (action < 4).then_some(action as u8)
    }
    /// The node, then whether the observer is to move.
    fn observation_shape(&self) -> Vec<usize> {
        vec![2]
    }
    fn observe(&self, seat: usize, out: &mut [f32]) {
        out[0] = self.node as f32;
        out[1] = if seat == self.to_move { 1.0 } else { 0.0 };
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        text.parse()
            .map_err(|_| MoveError::syntax(text, "a number"))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn position(&self) -> String {
        format!("{} {}", self.node, self.to_move)
    }
    fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
        Err(PositionError::new(text, "not needed"))
    }
}

impl Indexed for Walk {
    fn variant(&self) -> String {
        "seed=7".to_string()
    }
    fn index_count(&self) -> u64 {
        graph().moves.len() as u64
    }
    fn layers(&self) -> Vec<Range<u64>> {
        graph().layers.clone()
    }
    fn index(&self) -> u64 {
        u64::from(self.node)
    }
    fn position_at(&self, index: u64) -> Option<Self> {
        (index < self.index_count()).then_some(Walk {
            node: index as u32,
            to_move: 0,
        })
    }
    fn unmoves(&self, out: &mut Vec<Self>) {
        let graph = graph();
        let layer = graph
            .layers
            .iter()
            .find(|l| l.contains(&self.index()))
            .unwrap();
        for from in layer.clone() {
            if graph.won[from as usize].is_some() {
                continue;
            }
            for &target in &graph.moves[from as usize] {
                if target == self.node {
                    out.push(Walk {
                        node: from as u32,
                        to_move: 1 - self.to_move,
                    });
                }
            }
        }
    }
}

/// The entries by plain fixed-point iteration: `decided[k]` holds the
/// positions decided within `k` plies, exactly; stop when nothing changes.
fn reference() -> Vec<Entry> {
    let graph = graph();
    let mut entries: Vec<Option<Entry>> = graph
        .won
        .iter()
        .map(|w| w.map(|won| if won { Entry::win(0) } else { Entry::loss(0) }))
        .collect();
    loop {
        let next: Vec<Option<Entry>> = (0..entries.len())
            .map(|node| {
                if graph.won[node].is_some() {
                    return entries[node];
                }
                let children: Vec<Option<Entry>> = graph.moves[node]
                    .iter()
                    .map(|&t| entries[t as usize].map(Entry::for_mover))
                    .collect();
                let fastest_win = children
                    .iter()
                    .flatten()
                    .filter(|e| e.value == Value::Win)
                    .filter_map(|e| e.plies)
                    .min();
                if let Some(plies) = fastest_win {
                    return Some(Entry::win(plies));
                }
                if children.iter().all(|c| c.is_some()) {
                    return children
                        .iter()
                        .flatten()
                        .filter_map(|e| e.plies)
                        .max()
                        .map(Entry::loss);
                }
                None
            })
            .collect();
        if next == entries {
            return entries
                .into_iter()
                .map(|e| e.unwrap_or(Entry::DRAW))
                .collect();
        }
        entries = next;
    }
}

#[test]
fn the_solver_matches_a_fixed_point_computation() {
    let start = Walk::new(&Params::default()).unwrap();
    let table = solve(&start, None).unwrap();
    let expected = reference();
    for (index, want) in expected.iter().enumerate() {
        assert_eq!(table.get(index as u64).unwrap(), *want, "node {index}");
    }
    let stats = table.stats();
    let count = |value| expected.iter().filter(|e| e.value == value).count() as u64;
    assert_eq!(stats.wins, count(Value::Win));
    assert_eq!(stats.losses, count(Value::Loss));
    assert_eq!(stats.draws, count(Value::Draw));
    assert!(
        stats.wins > 100 && stats.losses > 100 && stats.draws > 100,
        "{stats:?}"
    );
    // The chain reaches past the nine-bit codes.
    let longest = expected.iter().filter_map(|e| e.plies).max().unwrap();
    assert_eq!(stats.max_plies, longest);
    assert!(longest >= CHAIN as u32 - 1);
    assert_eq!(table.get(299).unwrap(), Entry::win(299));
    assert_eq!(table.get(200).unwrap(), Entry::loss(200));
    // And the analysis of a position agrees with its children.
    let state = Walk {
        node: 250,
        to_move: 1,
    };
    let analysis = analyse(&table, &state).unwrap().unwrap();
    assert_eq!(analysis.entry, Entry::loss(250));
    assert_eq!(analysis.moves, vec![(0, Entry::loss(250))]);
    assert_eq!(analysis.best_moves(), vec![0]);
}

#[test]
fn long_distances_survive_the_file() {
    let start = Walk::new(&Params::default()).unwrap();
    let table = solve(&start, None).unwrap();
    let path = std::env::temp_dir().join(format!("tabula-walk-{}.db", std::process::id()));
    table.save(&path).unwrap();
    // Read into memory, and from the file a lookup at a time: the same.
    for (bound, in_memory) in [(u64::MAX, true), (0, false)] {
        let loaded = Table::load_with(&path, bound).unwrap();
        assert_eq!(loaded.in_memory(), in_memory);
        for index in 0..table.identity().positions {
            assert_eq!(loaded.get(index).unwrap(), table.get(index).unwrap());
        }
        assert_eq!(loaded.stats(), table.stats());
        // Saved again, from wherever it is held: the same bytes.
        let again = path.with_extension("again");
        loaded.save(&again).unwrap();
        assert_eq!(
            std::fs::read(&again).unwrap(),
            std::fs::read(&path).unwrap()
        );
        let _ = std::fs::remove_file(&again);
    }
    let _ = std::fs::remove_file(&path);
}

/// A table read from its file, whose file is cut short in place under it
/// (against the lock, as `cp` onto it does), answers with an error while
/// the file is short, never a crash; a table read into memory keeps every
/// value whatever becomes of the file.
#[test]
fn a_file_changed_in_place_is_an_error_not_a_crash() {
    let start = Walk::new(&Params::default()).unwrap();
    let table = solve(&start, None).unwrap();
    let path = std::env::temp_dir().join(format!("tabula-walk-cut-{}.db", std::process::id()));
    table.save(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let on_disk = Table::load_with(&path, 0).unwrap();
    let in_memory = Table::load_with(&path, u64::MAX).unwrap();
    let last = table.identity().positions - 1;
    on_disk.unchanged().unwrap();
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(40).unwrap();
    let cut = on_disk.get(last).unwrap_err();
    assert!(matches!(cut, DbError::Changed { .. }), "{cut}");
    assert!(
        cut.to_string().contains("changed on disk while in use"),
        "{cut}"
    );
    assert!(on_disk.unchanged().is_err());
    let state = start.position_at(last).unwrap();
    assert!(analyse(&on_disk, &state).is_err());
    // Written back whole, it reads again (whether `unchanged` notices
    // depends on the clock's tick: the size is the same).
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(on_disk.get(last).unwrap(), table.get(last).unwrap());
    file.set_len(0).unwrap();
    for index in 0..=last {
        assert_eq!(in_memory.get(index).unwrap(), table.get(index).unwrap());
    }
    in_memory.unchanged().unwrap();
    let _ = std::fs::remove_file(&path);
}

#[test]
fn the_first_layers_alone_make_a_partial_table() {
    let start = Walk::new(&Params::default()).unwrap();
    let full = solve(&start, None).unwrap();
    let partial = solve_layers(&start, 3, None).unwrap();
    assert!(full.is_complete());
    assert!(!partial.is_complete());
    assert_eq!(partial.layers(), 3);
    let covered = graph().layers[2].end;
    assert_eq!(partial.covered(), covered);
    for index in 0..covered {
        assert_eq!(
            partial.get(index).unwrap(),
            full.get(index).unwrap(),
            "node {index}"
        );
    }
    assert!(!partial.covers(covered));
    let beyond = Walk {
        node: covered as u32 + 5,
        to_move: 0,
    };
    assert!(analyse(&partial, &beyond).unwrap().is_none());
    assert!(analyse(&full, &beyond).unwrap().is_some());
    // The file keeps the coverage.
    let path = std::env::temp_dir().join(format!("tabula-walk-part-{}.db", std::process::id()));
    partial.save(&path).unwrap();
    let (identity, complete) = Table::read_identity(&path).unwrap();
    assert_eq!(identity, *full.identity());
    assert!(!complete);
    let loaded = Table::load(&path).unwrap();
    assert_eq!((loaded.layers(), loaded.covered()), (3, covered));
    assert!(!loaded.is_complete());
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_table_cut_inside_a_layer_answers_none_not_a_panic() {
    // A forged header may claim any number of entries, not whole layers:
    // a covered position whose move leads past the cut is not answered.
    use super::packed::pack;
    use super::value::{encode, OVERFLOW};
    let start = Walk::new(&Params::default()).unwrap();
    let full = solve(&start, None).unwrap();
    for cut in 0..=full.covered() {
        let codes: Vec<_> = (0..cut).map(|i| encode(full.get(i).unwrap())).collect();
        let overflow = (0..cut)
            .filter(|&i| codes[i as usize] == OVERFLOW)
            .map(|i| (i, full.get(i).unwrap()))
            .collect();
        let identity = full.identity().clone();
        let packed = (pack(&codes), cut);
        let table = Table::new(identity, (0, false), full.stats().clone(), packed, overflow);
        for index in 0..cut {
            if let Some(position) = start.position_at(index) {
                let _ = analyse(&table, &position).unwrap();
            }
        }
    }
}
