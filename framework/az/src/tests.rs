//! The network, PUCT, model files and training checkpoints, on Nim.

use std::path::PathBuf;

use rand::Rng as _;

use super::*;
use tabula_core::prelude::*;
use tabula_core::rng::seeded;
use tabula_search::mcts::{Mcts, MctsConfig};
use tabula_testkit::test_games::{Nim, Shuttle};

const SHAPE: Shape = Shape {
    inputs: 5,
    actions: 4,
    players: 2,
    hidden: 8,
    blocks: 2,
};

fn random_batch(rows: usize, seed: u64) -> Batch {
    let mut rng = seeded(seed);
    let mut batch = Batch::default();
    for _ in 0..rows {
        batch
            .observations
            .extend((0..SHAPE.inputs).map(|_| rng.random_range(0.0..1.0f32)));
        // Some legal moves, the search's visits spread over them.
        let legal: Vec<u32> = (0..4).filter(|_| rng.random_bool(0.6)).collect();
        let legal = if legal.is_empty() { vec![2] } else { legal };
        let visits: Vec<f32> = legal.iter().map(|_| rng.random_range(0.0..1.0)).collect();
        let total: f32 = visits.iter().sum();
        let policy = legal.into_iter().zip(visits.iter().map(|v| v / total));
        batch.policies.push(policy.collect());
        let win = rng.random_range(0.0..1.0f32);
        batch.values.extend([win, 1.0 - win]);
    }
    batch
}

const ALL: &[u32] = &[0, 1, 2, 3];

#[test]
fn forward_has_the_right_shapes_and_is_deterministic() {
    let net = Net::new(SHAPE, 7);
    assert_eq!(net, Net::new(SHAPE, 7), "the same seed, the same network");
    assert_ne!(net, Net::new(SHAPE, 8));
    assert_eq!(net.parameters().len(), SHAPE.parameter_count());
    let batch = random_batch(3, 1);
    let out = net.forward(&batch.observations, &[ALL; 3]);
    assert_eq!(out.logits.len(), 3 * SHAPE.actions);
    assert_eq!(out.values.len(), 3 * SHAPE.players);
    for row in out.values.chunks(2) {
        assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{row:?}");
    }
    assert_eq!(out, net.forward(&batch.observations, &[ALL; 3]));
    // A row's answer does not depend on the batch around it.
    let single = net.forward(&batch.observations[SHAPE.inputs..2 * SHAPE.inputs], &[ALL]);
    assert_eq!(single.logits, out.logits[4..8]);
    assert_eq!(single.values, out.values[2..4]);
}

#[test]
fn the_logits_asked_for_are_those_of_the_whole_head() {
    let net = Net::new(SHAPE, 11);
    let batch = random_batch(3, 4);
    let all = net.forward(&batch.observations, &[ALL; 3]);
    let asked: [&[u32]; 3] = [&[3, 1], &[], &[2]];
    let some = net.forward(&batch.observations, &asked);
    assert_eq!(some.logits, [all.logits[3], all.logits[1], all.logits[10]]);
    assert_eq!(
        some.values, all.values,
        "values do not depend on the actions"
    );
}

#[test]
fn the_untrained_network_is_uniform_and_even() {
    let out = Net::untrained(SHAPE).forward(&random_batch(1, 2).observations, &[ALL]);
    assert!(out.logits.iter().all(|&l| l == 0.0));
    assert_eq!(out.values, vec![0.5, 0.5]);
}

#[test]
fn the_gradient_matches_finite_differences() {
    let net = Net::new(SHAPE, 3);
    let batch = random_batch(4, 5);
    let (_, gradient) = net.loss_and_gradient(&batch);
    let mut rng = seeded(9);
    for _ in 0..20 {
        let i = rng.random_range(0..net.parameters().len());
        let nudged = |d: f32| {
            let mut params = net.parameters().to_vec();
            params[i] += d;
            let net = Net::from_parameters(SHAPE, params).unwrap();
            net.loss_and_gradient(&batch).0.total() as f64
        };
        let h = 1e-2;
        let numeric = (nudged(h) - nudged(-h)) / (2.0 * h as f64);
        assert!(
            (numeric - gradient[i] as f64).abs() < 2e-3 + 0.05 * numeric.abs(),
            "parameter {i}: numeric {numeric}, analytic {}",
            gradient[i]
        );
    }
}

#[test]
fn training_steps_lower_the_loss_on_a_fixed_batch() {
    let mut net = Net::new(SHAPE, 4);
    let batch = random_batch(16, 6);
    let before = net.loss_and_gradient(&batch).0.total();
    let mut adam = Adam::new(SHAPE.parameter_count(), 1e-2, 0.0);
    for _ in 0..50 {
        let (_, gradient) = net.loss_and_gradient(&batch);
        adam.step(&mut net, &gradient);
    }
    let after = net.loss_and_gradient(&batch).0.total();
    // Cross-entropy cannot fall below the targets' own entropy: measure
    // what is left above it.
    let entropy = |p: f32| if p > 0.0 { -p * p.ln() } else { 0.0 };
    let policies = batch.policies.iter().flatten().map(|&(_, p)| entropy(p));
    let values = batch.values.iter().map(|&v| entropy(v));
    let floor = policies.chain(values).sum::<f32>() / 16.0;
    assert!(
        after - floor < 0.5 * (before - floor),
        "loss {before} -> {after}, floor {floor}"
    );
}

fn nim(left: u8) -> Nim {
    Nim::at(left, 0, 2)
}

/// PUCT with the untrained network and `simulations` simulations.
fn puct(state: &Nim, simulations: u32) -> Tree<Nim> {
    puct_with(state, simulations, &PuctConfig::default())
}

fn puct_with<G: FullGame>(state: &G, simulations: u32, config: &PuctConfig) -> Tree<G> {
    grow(Tree::new(state.clone()), simulations, config)
}

/// `tree` after `simulations` more simulations with the untrained network.
fn grow<G: FullGame>(tree: Tree<G>, simulations: u32, config: &PuctConfig) -> Tree<G> {
    let shape = header_for(tree.root(), G::Variant::NAME, 1, 0).shape;
    let mut trees = [tree];
    puct::search_batch(
        &mut trees,
        &Net::untrained(shape),
        config,
        simulations,
        &mut [seeded(0)],
    );
    let [tree] = trees;
    tree
}

#[test]
fn the_solver_proves_won_and_lost_positions() {
    let solver = PuctConfig {
        solver: true,
        ..PuctConfig::default()
    };
    for left in [1, 2, 3, 5, 6, 7, 9] {
        let tree = puct_with(&nim(left), 300, &solver);
        let proof = tree.proven().expect("a short won game is proven");
        assert!(
            proof.is_winner(0),
            "{left} stones: won for the seat to move"
        );
        let best = &tree.children()[0];
        assert_eq!(best.mv, left % 4, "{left} stones: the winning move first");
        assert_eq!(best.proven, Some(proof));
        assert!(
            puct(&nim(left), 300).proven().is_none(),
            "no solver, no proof"
        );
    }
    for left in [4, 8] {
        let tree = puct_with(&nim(left), 300, &solver);
        let proof = tree.proven().expect("a short lost game is proven");
        assert!(
            proof.is_winner(1),
            "{left} stones: lost for the seat to move"
        );
        assert!(tree.children().iter().all(|c| c.proven == Some(proof)));
    }
}

const LEFT: u8 = 0;
const RIGHT: u8 = 1;

#[test]
fn a_repeated_position_scores_even_and_is_searched_no_further() {
    let repeats = PuctConfig {
        repeats_even: true,
        ..PuctConfig::default()
    };
    let start = Shuttle::at(3, 0);
    // Right then left is the start again: a repetition on the line searched.
    let back = |config: &PuctConfig| {
        let tree = puct_with(&start, 400, config);
        let after_right = tree.descend(RIGHT).expect("searched");
        let child = after_right.children().into_iter().find(|c| c.mv == LEFT);
        let child = child.expect("a move");
        let subtree = after_right.descend(LEFT).expect("searched");
        (child.visits, child.value, subtree.len())
    };
    let (visits, value, nodes) = back(&repeats);
    assert!(visits > 0);
    assert_eq!((value, nodes), (0.5, 1), "even, and never expanded");
    let (_, value, nodes) = back(&PuctConfig::default());
    assert!(
        value != 0.5 && nodes > 1,
        "searched on: {value}, {nodes} nodes"
    );

    // A position the game passed through before the root repeats as well.
    let mut earlier = nim(10);
    earlier.play(3);
    let taking_three = |history: &[u64]| {
        let mut tree = Tree::new(nim(10));
        tree.set_history(&history.iter().copied().collect());
        let tree = grow(tree, 300, &repeats);
        let child = tree.children().into_iter().find(|c| c.mv == 3).unwrap();
        (child.value, tree.descend(3).unwrap().len())
    };
    assert_eq!(taking_three(&[earlier.key()]), (0.5, 1));
    let (value, nodes) = taking_three(&[]);
    assert!(value != 0.5 && nodes > 1, "{value}, {nodes} nodes");
}

#[test]
fn the_agent_remembers_the_game_for_repetitions_and_forgets_it_on_a_new_line() {
    let mut agent = az_agent(
        &[("iterations", "300"), ("repeats", "on")],
        &Shuttle::at(3, 0),
    );
    let mut value_of = |told: &[(Shuttle, u8)], at: Shuttle, mv: u8| {
        for (before, played) in told {
            agent.observe(before, *played);
        }
        let report = agent
            .choose(&at, &Default::default())
            .unwrap()
            .search
            .unwrap();
        report.children.iter().find(|c| c.mv == mv).unwrap().value
    };
    let told = [(Shuttle::at(3, 0), RIGHT), (Shuttle::at(4, 1), LEFT)];
    assert_eq!(
        value_of(&told, Shuttle::at(3, 0), RIGHT),
        0.5,
        "the position after right was played before"
    );
    // A game set up elsewhere: only its own positions count.
    assert_eq!(
        value_of(&[(Shuttle::at(5, 0), LEFT)], Shuttle::at(4, 1), RIGHT),
        0.5
    );
    let left = value_of(&[], Shuttle::at(4, 1), LEFT);
    assert!(left != 0.5, "the earlier game is forgotten: {left}");
}

#[test]
fn puct_with_an_untrained_network_plays_like_uct() {
    for left in [2, 3, 5, 6, 7, 9, 10, 11] {
        let tree = puct(&nim(left), 3000);
        let uct = Mcts::new(MctsConfig {
            iterations: Some(3000),
            solver: false,
            seed: 1,
            ..MctsConfig::default()
        })
        .search(&nim(left));
        let best = tree.children()[0].mv;
        assert_eq!(best, left % 4, "{left} stones: PUCT takes the winning move");
        assert_eq!(best, uct.best, "{left} stones: as UCT does");
        assert!(tree.value() > 0.6, "{left} stones: {}", tree.value());
        let visits: Vec<u32> = tree.children().iter().map(|c| c.visits).collect();
        assert!(
            visits[0] > visits[1..].iter().sum::<u32>(),
            "{left} stones: the winning move takes most visits, as in UCT: {visits:?}"
        );
    }
    // A lost position: every move is judged bad.
    let lost = puct(&nim(8), 3000);
    assert!(lost.value() < 0.4, "{}", lost.value());
}

#[test]
fn first_play_urgency_deepens_a_visited_move_before_trying_its_siblings() {
    // The untrained network scores every leaf even. After the first move's
    // visit, the even first-play value sends the third simulation to a
    // sibling; a reduction of 1 values the siblings at 0 and sends it back.
    let visits = |fpu: Option<f32>| {
        let config = PuctConfig {
            fpu,
            ..PuctConfig::default()
        };
        let tree = puct_with(&nim(10), 3, &config);
        let mut visits: Vec<u32> = tree.children().iter().map(|c| c.visits).collect();
        visits.sort_unstable();
        visits
    };
    assert_eq!(visits(None), [0, 1, 1]);
    assert_eq!(visits(Some(1.0)), [0, 0, 2]);
    // No reduction: the siblings are worth what the visited move is, even.
    assert_eq!(visits(Some(0.0)), [0, 1, 1]);
}

#[test]
fn the_policy_temperature_flattens_or_sharpens_the_priors() {
    let logits = [2.0, 0.0, -1.0];
    let mut plain = logits.to_vec();
    super::net::softmax(&mut plain);
    assert_eq!(puct::priors(&logits, 1.0), plain);
    let flat = puct::priors(&logits, 2.0);
    let sharp = puct::priors(&logits, 0.5);
    assert!(
        flat[0] < plain[0] && plain[0] < sharp[0],
        "{flat:?} {plain:?} {sharp:?}"
    );
    assert!(flat[2] > plain[2] && plain[2] > sharp[2]);
    assert!((flat.iter().sum::<f32>() - 1.0).abs() < 1e-6);
}

#[test]
fn descending_keeps_the_subtree_and_its_statistics() {
    let tree = puct(&nim(11), 500);
    let pv = tree.principal_variation();
    let first = tree.children()[0].clone();
    assert_eq!(pv[0], first.mv);
    let sub = tree
        .descend(first.mv)
        .expect("the most visited move was expanded");
    let mut after = nim(11);
    after.play(first.mv);
    assert_eq!(sub.root(), &after);
    assert_eq!(sub.simulations(), first.visits, "the child's visits");
    assert_eq!(sub.principal_variation(), pv[1..], "the rest of the line");
    assert!(sub.len() > 1 && sub.len() < tree.len());
    // Nothing to keep: a root never searched, a move that ends the game.
    assert!(Tree::new(nim(11)).descend(3).is_none());
    assert!(puct(&nim(3), 50).descend(3).is_none());
}

/// The `az` agent with these parameters (the untrained network), for `start`.
fn az_agent<G: FullGame>(args: &[(&str, &str)], start: &G) -> Box<dyn tabula_agents::Agent<G>> {
    use tabula_agents::{AgentKind as _, Settings as _};
    let args: Vec<_> = args.iter().map(|&(k, v)| (k.into(), v.into())).collect();
    let params = tabula_core::params::Params::resolve("az", AzKind::PARAMS, &args).unwrap();
    let settings = crate::AzSettings::from_params(&params).unwrap();
    AzKind::build(
        &settings,
        &tabula_agents::BuildContext::new(1, start, G::Variant::NAME),
    )
    .unwrap()
}

#[test]
fn the_agent_keeps_its_tree_between_moves_unless_told_not_to() {
    let searched = |reuse: &str| {
        let mut agent = az_agent(&[("iterations", "40"), ("reuse", reuse)], &nim(13));
        let mut state = nim(13);
        let mut visits = Vec::new();
        for _ in 0..3 {
            let decision = agent.choose(&state, &Default::default()).unwrap();
            let report = decision.search.unwrap();
            visits.push(report.children.iter().map(|c| c.visits).sum::<u32>());
            // Both sides' moves reach the agent, its own included.
            for mv in [decision.mv, 1] {
                let before = state.clone();
                state.play(mv);
                agent.observe(&before, mv);
            }
        }
        visits
    };
    let kept = searched("on");
    assert!(kept[0] < 40 && kept[1] > 40 && kept[2] > 40, "{kept:?}");
    let fresh = searched("off");
    assert!(fresh.iter().all(|&v| v < 40), "{fresh:?}");
}

#[test]
fn the_agent_stops_searching_once_the_root_is_proven() {
    let searched = |solver: &str| {
        let mut agent = az_agent(&[("iterations", "5000"), ("solver", solver)], &nim(6));
        let decision = agent.choose(&nim(6), &Default::default()).unwrap();
        assert_eq!(decision.mv, 2, "take two, leave four");
        decision.search.unwrap()
    };
    let proved = searched("on");
    assert!(proved.iterations < 5000, "{}", proved.iterations);
    assert!(proved.proven.is_some_and(|p| p.is_winner(0)));
    let unproved = searched("off");
    assert_eq!((unproved.iterations, unproved.proven), (5000, None));
}

#[test]
fn batched_search_equals_one_tree_at_a_time() {
    let net = Net::new(header_for(&nim(10), "nim", 8, 1).shape, 3);
    let config = PuctConfig {
        noise: 0.25,
        ..PuctConfig::default()
    };
    let run = |starts: &[u8]| {
        let mut trees: Vec<Tree<Nim>> = starts.iter().map(|&l| Tree::new(nim(l))).collect();
        let mut rngs: Vec<_> = starts.iter().map(|&l| seeded(l.into())).collect();
        puct::search_batch(&mut trees, &net, &config, 200, &mut rngs);
        trees
            .iter()
            .map(|t| t.policy())
            .collect::<Vec<PolicyTarget>>()
    };
    let together = run(&[10, 7, 13]);
    let apart: Vec<PolicyTarget> = [10, 7, 13].iter().flat_map(|&l| run(&[l])).collect();
    assert_eq!(together, apart);
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-az-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn model_files_round_trip_and_refuse_damage_and_other_games() {
    let dir = scratch("model");
    let path = dir.join("nim.az");
    let header = header_for(&nim(10), "nim", 8, 2);
    let net = Net::new(header.shape, 11);
    save_model(&path, &header, &net).unwrap();
    let (read_header, read_net) = load_model(&path).unwrap();
    assert_eq!((&read_header, &read_net), (&header, &net));
    read_header.check(&path, &header).unwrap();

    // Another variant (three players) is refused, naming both.
    let other = header_for(&Nim::at(10, 0, 3), "nim(players=3)", 8, 2);
    let err = read_header.check(&path, &other).unwrap_err().to_string();
    assert!(
        err.contains("trained for nim") && err.contains("not nim(players=3)"),
        "{err}"
    );

    // A flipped byte in the weights, a truncated file, another kind of file.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 10;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let err = load_model(&path).unwrap_err().to_string();
    assert!(err.contains("checksum"), "{err}");
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    assert!(load_model(&path).is_err());
    std::fs::write(&path, "hello\n").unwrap();
    let err = load_model(&path).unwrap_err().to_string();
    assert!(err.contains("not a file of kind"), "{err}");

    // Parameters within the bound whose answers still overflow (a deep
    // network of the largest parameters): the agent refuses the model.
    let deep = header_for(&nim(10), "nim", 64, 8);
    let params = vec![MAX_PARAMETER; deep.shape.parameter_count()];
    let net = Net::from_parameters(deep.shape, params).unwrap();
    save_model(&path, &deep, &net).unwrap();
    assert!(load_model(&path).is_ok());
    let model = path.to_str().unwrap();
    let args = vec![("model".into(), model.into())];
    let params = tabula_core::params::Params::resolve("az", AzKind::PARAMS, &args).unwrap();
    let settings = crate::AzSettings::from_params(&params).unwrap();
    use tabula_agents::{AgentKind as _, Settings as _};
    let start = nim(10);
    let context = tabula_agents::BuildContext::new(1, &start, "nim");
    let err = AzKind::build(&settings, &context)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("answers are not numbers"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

fn tiny_config() -> TrainConfig {
    TrainConfig {
        hidden: 8,
        blocks: 1,
        simulations: 16,
        games_per_iteration: 4,
        temperature_plies: 4,
        buffer: 60,
        batch: 16,
        steps_per_iteration: 4,
        eval_every: 2,
        eval_games: 2,
        eval_simulations: 8,
        eval_mcts_iterations: 50,
        ..TrainConfig::new("nim")
    }
}

#[test]
fn checkpoints_resume_exactly_whatever_the_threads() {
    let dir = scratch("checkpoint");
    let path = dir.join("checkpoint.az");
    let mut straight = Trainer::new(nim(10), tiny_config());
    let mut stopped = Trainer::new(nim(10), tiny_config());
    let mut reports = Vec::new();
    for _ in 0..3 {
        reports.push(straight.iterate());
        stopped.iterate();
    }
    assert!(reports[2].positions == 60, "the buffer is full and wraps");
    assert!(reports[1].vs_mcts.is_some() && reports[0].vs_mcts.is_none());
    stopped.save_checkpoint(&path).unwrap();
    let mut resumed = Trainer::load_checkpoint(nim(10), "nim", &path).unwrap();
    resumed.set_threads(2);
    for _ in 0..2 {
        let a = straight.iterate();
        let b = resumed.iterate();
        assert_eq!((a.loss, a.games, a.vs_mcts), (b.loss, b.games, b.vs_mcts));
    }
    assert_eq!(straight.net(), resumed.net());

    // A checkpoint of another variant, or a damaged one, is refused.
    let err = Trainer::load_checkpoint(Nim::at(10, 0, 3), "nim(players=3)", &path)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("not nim(players=3)"), "{err}");
    // One written by an older Tabula is refused, and says so.
    let bytes = std::fs::read(&path).unwrap();
    let body = bytes.strip_prefix(b"tabula-az-checkpoint 2").unwrap();
    let older = dir.join("older.az");
    std::fs::write(&older, [&b"tabula-az-checkpoint 1"[..], body].concat()).unwrap();
    let err = Trainer::load_checkpoint(nim(10), "nim", &older)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("format 1 of `tabula-az-checkpoint`"), "{err}");
    // Sections that do not fit the header, or actions outside the game,
    // are refused with the reason even under a valid checksum.
    // The floats' count, to read the checkpoint with a generic header.
    let bytes = std::fs::read(&path).unwrap();
    let lines = bytes.split_inclusive(|&b| b == b'\n');
    let head: usize = lines.take(2).map(<[u8]>::len).sum();
    let count = (bytes.len() - head - 4) / 4;
    let (header, floats): (serde_json::Value, Vec<f32>) =
        file::read(&path, CHECKPOINT_MAGIC, |_: &serde_json::Value| Ok(count)).unwrap();
    let forged = dir.join("forged.az");
    let refusal = |header: &serde_json::Value, floats: &[f32]| {
        file::write(&forged, CHECKPOINT_MAGIC, header, &[floats]).unwrap();
        let err = Trainer::load_checkpoint(nim(10), "nim", &forged).err();
        err.expect("refused").to_string()
    };
    let mut huge = header.clone();
    huge["policy_entries"] = u64::MAX.into();
    assert!(refusal(&huge, &floats).contains("impossible sizes in the header"));
    // So are a network too large to allocate and a shorter replay buffer.
    let mut deep = header.clone();
    deep["model"]["shape"]["blocks"] = (1u64 << 40).into();
    assert!(refusal(&deep, &floats).contains("blocks = 1099511627776"));
    let mut short = header.clone();
    short["replay_len"] = 59.into();
    assert!(refusal(&short, &floats).contains("truncated or padded"));
    let mut outside = floats.clone();
    // The first action number sits right after the lengths, before the
    // shares and the values (two per position).
    let entries = header["policy_entries"].as_u64().unwrap() as usize;
    let first_action = floats.len() - 2 * 60 - 2 * entries;
    outside[first_action] = f32::from_bits(99);
    assert!(refusal(&header, &outside).contains("policy targets do not fit"));
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.truncate(bytes.len() - 3);
    std::fs::write(&path, &bytes).unwrap();
    assert!(Trainer::load_checkpoint(nim(10), "nim", &path).is_err());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn self_play_counts_adjudicated_games() {
    let capped = |max_plies| {
        let config = TrainConfig {
            max_plies,
            ..tiny_config()
        };
        Trainer::new(nim(10), config).iterate().adjudicated
    };
    // Nim from 10 lasts at least four plies and at most ten.
    assert_eq!(capped(1), 4, "every game stopped at the cap");
    assert_eq!(capped(400), 0);
}

#[test]
fn self_play_with_repeats_sees_its_game_so_far() {
    // Shuttle from the middle: both sides step the token back and forth,
    // so the start comes round again at the third ply.
    let positions = |repeats_even| {
        let config = TrainConfig {
            simulations: 64,
            games_per_iteration: 1,
            temperature_plies: 0,
            max_plies: 3,
            puct: PuctConfig {
                mix: 1.0,
                repeats_even,
                ..PuctConfig::default()
            },
            ..tiny_config()
        };
        let trainer = Trainer::new(
            Shuttle::at(3, 0),
            TrainConfig {
                game: "shuttle".into(),
                ..config
            },
        );
        let (examples, adjudicated) = trainer.play_games(&[0]);
        assert_eq!(adjudicated, 1, "the token shuttles to the cap");
        examples
    };
    let plain = positions(false);
    let (first, third) = (&plain[0], &plain[2]);
    assert_eq!(first.0, third.0, "the start again");
    assert_eq!(first.1, third.1, "no history: the same search");
    // The same search from the same position, but for what the game
    // passed through: the step right now repeats the game's second position.
    let repeats = positions(true);
    assert_eq!(repeats[0].0, repeats[2].0);
    assert_ne!(repeats[0].1, repeats[2].1);
}

#[test]
fn progress_reports_carry_the_leading_moves_and_a_variation_from_the_best() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = AtomicBool::new(false);
    let seen = std::sync::Mutex::new(Vec::new());
    let sink = |p: &tabula_search::search::Progress<u8>| {
        seen.lock().unwrap().push(p.clone());
        stop.store(true, Ordering::Relaxed);
    };
    let mut agent = az_agent(&[("iterations", "100000000"), ("solver", "off")], &nim(21));
    let control = tabula_search::search::Control {
        stop: Some(&stop),
        progress: Some(&sink),
        ..Default::default()
    };
    agent.choose(&nim(21), &control).unwrap();
    let seen = seen.into_inner().unwrap();
    assert!(!seen.is_empty(), "no report before the stop");
    for p in &seen {
        assert!(p.best.is_some(), "{p:?}");
        assert_eq!(p.moves.first().map(|m| m.mv), p.best);
        assert_eq!(p.pv.first().copied(), p.best);
        let listed: u64 = p.moves.iter().map(|m| u64::from(m.visits)).sum();
        assert!(listed > 0 && listed <= p.root_visits, "{p:?}");
    }
}
