//! The Study tab's one route: a results folder that holds a `tabula study`
//! (its `study.json`), summarised as far as it is played — the metrics,
//! the tables `tabula study` prints and the charts — made from its records
//! on each request, as the tournaments' standings are. The folder is named
//! by number, as every folder is (see `replay`), and read only when
//! everything in it is a regular file or a folder ([`check_tree`]): a link
//! out of it, a FIFO or a device is refused as the other endpoints refuse
//! one. Reads take one of the server's folder-read slots.

use std::path::Path;
use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path as UrlPath, State};
use axum::Json;
use serde::Serialize;
use tabula_study::Summary;

use crate::replay::folder;
use crate::trust::folder_name;
use crate::{ApiError, App};

/// A chart of the study, as its SVG text.
#[derive(Debug, Serialize)]
pub(crate) struct Chart {
    pub name: String,
    pub svg: String,
}

/// What the tab shows of a study.
#[derive(Debug, Serialize)]
pub(crate) struct StudyView {
    pub summary: Summary,
    /// The tables, as `tabula study` prints them.
    pub table: String,
    pub charts: Vec<Chart>,
}

/// `GET /api/folders/N/study`.
pub(crate) async fn study(
    State(app): State<Arc<App>>,
    index: Result<UrlPath<usize>, PathRejection>,
) -> Result<Json<StudyView>, ApiError> {
    let UrlPath(index) = index.map_err(|e| ApiError::bad(e.body_text()))?;
    let dir = folder(&app, index)?;
    let registry = app.registry.clone();
    let _reading = Arc::clone(&app.reads).acquire_owned().await;
    let summary = tokio::task::spawn_blocking(move || {
        check_tree(&dir)?;
        tabula_study::standings(&registry, &dir).map_err(ApiError::not_found)
    })
    .await
    .map_err(|_| ApiError::bad("reading the study failed"))??;
    let charts = tabula_study::chart_files(&summary)
        .into_iter()
        .map(|(name, svg)| Chart { name, svg })
        .collect();
    Ok(Json(StudyView {
        table: tabula_study::table(&summary),
        summary,
        charts,
    }))
}

/// The most entries of a study folder looked at: a study of 64 variants
/// with a ladder of 10 steps has about 6,000.
const MAX_ENTRIES: usize = 100_000;

/// How deep a study's files lie: `variants/V/ladder/16-32/games.jsonl`.
const MAX_DEPTH: usize = 5;

/// Refuses a study folder that holds anything but regular files and
/// folders down to its tournaments' files (a symbolic link, which could
/// lead out of it; a FIFO, which would hang a read; a device), or that is
/// too large to look through.
fn check_tree(dir: &Path) -> Result<(), ApiError> {
    let mut seen = 0;
    let mut pending = vec![(dir.to_path_buf(), 0)];
    while let Some((path, depth)) = pending.pop() {
        let refused = || {
            ApiError::forbidden(format!(
                "{} in {} is not a regular file (a link or a device): not read",
                path.strip_prefix(dir).unwrap_or(&path).display(),
                folder_name(dir)
            ))
        };
        let meta = path.symlink_metadata().map_err(|_| refused())?;
        if meta.is_file() {
            continue;
        }
        if !meta.is_dir() {
            return Err(refused());
        }
        if depth == MAX_DEPTH {
            continue;
        }
        let entries = std::fs::read_dir(&path).map_err(|_| refused())?;
        for entry in entries {
            seen += 1;
            if seen > MAX_ENTRIES {
                return Err(ApiError::forbidden(format!(
                    "{} holds over {MAX_ENTRIES} files: not read as a study",
                    folder_name(dir)
                )));
            }
            let entry = entry.map_err(|_| refused())?;
            pending.push((entry.path(), depth + 1));
        }
    }
    Ok(())
}
