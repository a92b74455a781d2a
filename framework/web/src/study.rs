//! The Study tab's one route: a results folder that holds a `tabula study`
//! (its `study.json`), summarised as far as it is played — the metrics,
//! the tables `tabula study` prints and the charts — made from its records
//! on each request, as the tournaments' standings are. The folder is named
//! by number, as every folder is (see `replay`).

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path as UrlPath, State};
use axum::Json;
use serde::Serialize;
use tabula_study::Summary;

use crate::replay::folder;
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
    let summary = tokio::task::spawn_blocking(move || tabula_study::standings(&registry, &dir))
        .await
        .map_err(|_| ApiError::bad("reading the study failed"))?
        .map_err(ApiError::not_found)?;
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
