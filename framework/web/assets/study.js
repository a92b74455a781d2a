// The Study tab: a results folder holding a `tabula study`, shown as the
// command prints its tables and as its charts (each metric across the
// variants, with its 95% intervals). Uses `api`, `$` and `showError` of app.js,
// whose `showTab` calls `loadStudyFolders` when the tab is chosen.
"use strict";

async function loadStudyFolders() {
  const folders = await api("/api/folders");
  const select = $("s-folder");
  const chosen = select.value;
  select.innerHTML = "";
  for (const f of folders) select.append(new Option(f.name, f.index));
  if (chosen !== "") select.value = chosen;
  if (select.value !== "") await showStudy();
}

async function showStudy() {
  const folder = $("s-folder").value;
  $("s-table").textContent = "";
  $("s-charts").innerHTML = "";
  try {
    const study = await api(`/api/folders/${folder}/study`);
    showError("");
    $("s-table").textContent = study.table;
    for (const chart of study.charts) {
      // As an image, so that nothing in a chart's text can run as the page.
      const figure = document.createElement("figure");
      const image = document.createElement("img");
      image.alt = chart.name;
      image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(chart.svg);
      figure.append(image);
      $("s-charts").append(figure);
    }
  } catch (error) {
    $("s-table").textContent = error.message;
  }
}

$("s-folder").onchange = () => showStudy();
