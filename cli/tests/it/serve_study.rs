//! The web page's Study tab through its API: a study folder's summary,
//! tables and charts; a folder that holds no study, bad folder numbers,
//! and a study holding a link.

use crate::common::{scratch, tabula};
use crate::serve::{results_folder, Served};

#[test]
fn a_study_folder_is_served_with_its_tables_and_charts() {
    let study = scratch("serve-study");
    let run = tabula(
        &[
            "study",
            "diffusion(width=4)",
            "--vary",
            "stones=1,2",
            "--agent",
            "mcts(iterations=20)",
            "--games",
            "6",
            "--ladder",
            "mcts(iterations=4..8)",
            "--ladder-games",
            "6",
            "--out",
            study.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let arena = results_folder("serve-study-arena");
    let served = Served::start(&[
        "--results",
        study.to_str().unwrap(),
        "--results",
        arena.to_str().unwrap(),
    ]);
    let (status, script) = served.get("/assets/study.js");
    assert_eq!(status, 200);
    assert!(script.contains("/study`"), "{script}");
    let (_, page) = served.get("/");
    assert!(page.contains("id=\"tab-study\""), "{page}");

    let view = served.get_json("/api/folders/0/study");
    assert_eq!(view["summary"]["variants"].as_array().unwrap().len(), 2);
    assert_eq!(view["summary"]["variants"][0]["exact"]["distance"], 21);
    let table = view["table"].as_str().unwrap();
    assert!(
        table.contains("== Balance") && table.contains("stones=2"),
        "{table}"
    );
    let charts: Vec<&str> = (view["charts"].as_array().unwrap().iter())
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(
        charts.contains(&"balance.svg") && charts.contains(&"depth.svg"),
        "{charts:?}"
    );
    assert!(view["charts"][0]["svg"]
        .as_str()
        .unwrap()
        .starts_with("<svg"));

    // A tournament's folder holds no study; numbers out of range are none.
    let (status, body) = served.get("/api/folders/1/study");
    assert_eq!(status, 404);
    assert!(body.contains("holds no study"), "{body}");
    for path in [
        "/api/folders/2/study",
        "/api/folders/99999999999999999999/study",
        "/api/folders/x/study",
    ] {
        let (status, body) = served.get(path);
        assert!(status == 404 || status == 400, "{path}: {status} {body}");
        assert!(body.contains("\"error\""), "{path}: {body}");
    }

    // A link anywhere in the study (here out of it, to a file no client may
    // read) is refused as every endpoint refuses one, naming no path.
    #[cfg(unix)]
    {
        let variant = std::fs::read_dir(study.join("variants"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let games = variant.join("self-play").join("games.jsonl");
        std::fs::remove_file(&games).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", &games).unwrap();
        let (status, body) = served.get("/api/folders/0/study");
        assert_eq!(status, 403, "{body}");
        assert!(body.contains("not a regular file"), "{body}");
        assert!(!body.contains("root:") && !body.contains("/tmp"), "{body}");
    }
    for dir in [study, arena] {
        let _ = std::fs::remove_dir_all(dir);
    }
}
