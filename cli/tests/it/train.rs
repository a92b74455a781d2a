//! `tabula train` end to end on a tiny run: the files it writes, the
//! evaluation columns, resuming, and what it refuses.

use crate::common::{read_svg, tabula};

#[test]
fn train_writes_its_files_resumes_and_refuses_mismatches() {
    let dir = std::env::temp_dir().join(format!("tabula-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let tiny = [
        "--out",
        out,
        "--hidden",
        "8",
        "--blocks",
        "1",
        "--simulations",
        "4",
        "--games",
        "2",
        "--eval-every",
        "2",
        "--eval-games",
        "2",
    ];
    let args = |extra: &[&'static str]| {
        let mut args = vec!["train", "diffusion(width=4)"];
        args.extend_from_slice(&tiny);
        args.extend_from_slice(extra);
        args
    };
    let zero = tabula(&args(&["--iterations", "2", "--max-plies", "0"]), "");
    assert!(
        !zero.ok && zero.stderr.contains("'0' for '--max-plies") && zero.stderr.contains("1..="),
        "{}",
        zero.stderr
    );
    let mix = tabula(&args(&["--iterations", "2", "--mix", "1.5"]), "");
    assert!(
        !mix.ok && mix.stderr.contains("--mix must be between 0 and 1"),
        "{}",
        mix.stderr
    );
    let run = tabula(
        &args(&[
            "--iterations",
            "2",
            "--max-plies",
            "30",
            "--mix",
            "0.5",
            "--repeats",
        ]),
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stdout.contains("iteration    2"), "{}", run.stdout);
    assert!(run.stdout.contains("vs mcts"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("adjudicated after 30 plies, evaluation mix 0.5, repetitions even"),
        "{}",
        run.stdout
    );
    for file in [
        "model.az",
        "model-0002.az",
        "checkpoint.az",
        "training.csv",
        "training.svg",
    ] {
        assert!(dir.join(file).exists(), "{file}");
    }
    let (svg, texts) = read_svg(&dir.join("training.svg"));
    assert!(texts.iter().any(|t| t.ends_with("games")), "{svg}");
    let csv = std::fs::read_to_string(dir.join("training.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3, "{csv}");
    let row: Vec<&str> = csv.lines().nth(2).unwrap().split(',').collect();
    assert!(row[9].parse::<f32>().is_ok(), "{csv}");
    let adjudicated: usize = row[11].parse().unwrap();
    assert!(adjudicated <= 2, "of the iteration's two games: {csv}");

    // The run keeps its cap and mix: its checkpoint's header says so.
    let checkpoint = std::fs::read(dir.join("checkpoint.az")).unwrap();
    let header = checkpoint.split(|&b| b == b'\n').nth(1).unwrap();
    let header = String::from_utf8_lossy(header);
    assert!(header.contains(r#""max_plies":30"#), "{header}");
    assert!(header.contains(r#""mix":0.5"#), "{header}");
    assert!(header.contains(r#""repeats_even":true"#), "{header}");

    // The folder holds a run: refused without --resume, continued with it.
    let again = tabula(&args(&["--iterations", "3"]), "");
    assert!(
        !again.ok && again.stderr.contains("--resume"),
        "{}",
        again.stderr
    );
    let resumed = tabula(&args(&["--iterations", "3", "--resume"]), "");
    assert!(resumed.ok, "{}", resumed.stderr);
    assert!(
        resumed.stdout.contains(
            "evaluation mix 0.5, repetitions even, 1 thread(s), seed 1, resumed at iteration 2"
        ),
        "{}",
        resumed.stdout
    );
    let csv = std::fs::read_to_string(dir.join("training.csv")).unwrap();
    assert_eq!(csv.lines().count(), 4, "{csv}");

    // Another variant's checkpoint, and a model for another variant.
    let other = tabula(
        &[
            "train",
            "diffusion",
            "--out",
            out,
            "--iterations",
            "4",
            "--resume",
        ],
        "",
    );
    assert!(
        !other.ok && other.stderr.contains("not diffusion"),
        "{}",
        other.stderr
    );
    let model = format!("az(model={out}/model.az)");
    let play = tabula(
        &["engine", &model],
        "tabula-engine 1\ngame diffusion\nquit\n",
    );
    assert!(
        play.stdout.contains("trained for diffusion(width=4)")
            || play.stderr.contains("trained for diffusion(width=4)"),
        "{} {}",
        play.stdout,
        play.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The network shipped with Diffusion (docs/az.md, "The 60-minute runs")
/// loads for the default variant and, at 50 simulations a move, wins every
/// game against `random` (deterministic: the arena's seed fixes both).
#[test]
fn the_shipped_diffusion_model_plays() {
    assert_eq!(shipped_model_wins_against_random("diffusion", ""), 4);
}

/// So does Differo's (docs/az.md, "Repetitions"), with the evaluation mix
/// it was trained and measured with, and the first-play urgency it plays
/// best with.
#[test]
fn the_shipped_differo_model_plays() {
    assert_eq!(
        shipped_model_wins_against_random("differo", ",mix=0.5,fpu=0.2"),
        4
    );
}

/// The games `game`'s shipped model (`az` with `params` more) wins of four
/// against `random` at 50 simulations a move.
fn shipped_model_wins_against_random(game: &str, params: &str) -> u64 {
    let model = format!(
        "{}/../games/{game}/models/az.az",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = std::env::temp_dir().join(format!("tabula-az-shipped-{game}-{}", std::process::id()));
    let agent = format!("az(model=\"{model}\",iterations=50{params})");
    let run = tabula(
        &[
            "arena",
            "--games",
            game,
            "--agents",
            &agent,
            "random",
            "--rounds",
            "2",
            "--threads",
            "1",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let summary = std::fs::read_to_string(out.join("summary.json")).unwrap();
    let _ = std::fs::remove_dir_all(&out);
    let summary: serde_json::Value = serde_json::from_str(&summary).unwrap();
    let text = summary.to_string();
    let agents = summary["games"][0]["agents"].as_array().expect("agents");
    let az = agents
        .iter()
        .find(|a| a["agent"].as_str().unwrap().starts_with("az("))
        .expect("az's row");
    az["wins"].as_u64().unwrap_or_else(|| panic!("{text}"))
}
