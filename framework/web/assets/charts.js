// The page's two charts, drawn as SVG text from the data the server sends:
// the values of a game's positions by move (clickable: a click jumps to
// that move), and a tournament's ratings with their 95% intervals. They
// take their colours from the stylesheet (classes), so they follow the
// light or dark theme.
"use strict";

const Charts = {
  // Escapes text for SVG.
  text(s) {
    return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  },

  // The evaluation graph of a line of `plies` moves: `evals` ({ply, seat,
  // value, margin, source}) seen from seat 0 when `two` players play (else
  // from the seat to move), `now` the ply shown, `lost` the plies of moves
  // that gave a result away. Returns the SVG and how to map a click's x
  // (in the SVG's units) to a ply.
  evals({ evals, plies, now, two, who, lost }) {
    const width = 340, height = 130, left = 8, right = 8, top = 20, bottom = 10;
    const span = Math.max(plies, 10);
    const x = (ply) => left + (ply / span) * (width - left - right);
    const margins = evals.some((e) => e.margin !== null && e.margin !== undefined);
    const limit = margins ? Math.max(1, ...evals.map((e) => Math.abs(e.margin || 0))) : 1;
    const mine = (e) => (two && e.seat !== 0) || (!two && false);
    const y = (e) => {
      const fraction = margins
        ? ((mine(e) ? -e.margin : e.margin) / limit + 1) / 2
        : (mine(e) ? 1 - e.value : e.value);
      return height - bottom - fraction * (height - top - bottom);
    };
    const points = evals.map((e) => [x(e.ply), y(e), e]);
    const mid = height - bottom - 0.5 * (height - top - bottom);
    const what = margins ? `final margin for ${who}` : `value for ${who}`;
    let svg = `<svg class="chart clickable" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"`
      + ` role="img" aria-label="${Charts.text(`${what}, by move; ${evals.length} values`)}">`
      + `<rect x="0" y="0" width="${width}" height="${height}" fill="transparent"/>`
      + `<line class="mid" x1="${left}" x2="${width - right}" y1="${mid}" y2="${mid}"/>`
      + `<line class="now" x1="${x(now)}" x2="${x(now)}" y1="${top - 4}" y2="${height - bottom}"/>`;
    if (points.length) {
      svg += `<polyline class="line" points="${points.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(" ")}"/>`;
    }
    for (const [px, py, e] of points) {
      const bad = lost.includes(e.ply + 1) ? " lost" : "";
      svg += `<circle class="point ${e.source}${bad}" r="${bad ? 4 : 2.5}" cx="${px.toFixed(1)}" cy="${py.toFixed(1)}"/>`;
    }
    svg += `<text class="label" x="${left}" y="13">${Charts.text(what)}${margins ? ` (±${limit})` : ""}</text></svg>`;
    const ply = (clickX) => Math.round(((clickX - left) / (width - left - right)) * span);
    return { svg, width, ply };
  },

  // A tournament section's ratings: each agent's Elo and 95% interval on
  // one axis, best first; an unbounded rating (a clean sweep) points off
  // the edge. `agents` are the summary's rows.
  ratings(agents) {
    const rows = agents.map((a) => ({
      name: a.name || a.agent,
      elo: a.elo,
      low: a.elo_low ?? a.elo,
      high: a.elo_high ?? a.elo,
      standing: a.standing,
      score: a.score ?? 0,
    }));
    // Best first: by Elo, an unbounded one beyond every other; then by score.
    const key = (r) => r.elo ?? (r.standing === "above" ? 1e9 : -1e9);
    rows.sort((a, b) => key(b) - key(a) || b.score - a.score);
    const known = rows.filter((r) => r.elo !== null && r.elo !== undefined);
    let lo = Math.min(0, ...known.map((r) => r.low));
    let hi = Math.max(0, ...known.map((r) => r.high));
    if (hi - lo < 100) { lo -= 50; hi += 50; }
    const pad = (hi - lo) * 0.08;
    lo -= pad; hi += pad;
    const width = 420, nameWidth = 130, right = 16, rowHeight = 26, top = 24;
    const height = top + rows.length * rowHeight + 22;
    const x = (elo) => nameWidth + ((elo - lo) / (hi - lo)) * (width - nameWidth - right);
    const words = [];
    let svg = `<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"`;
    let body = `<text class="label" x="0" y="13">Elo, 95% interval</text>`
      + `<line class="mid" x1="${x(0)}" x2="${x(0)}" y1="${top - 6}" y2="${height - 18}"/>`;
    rows.forEach((r, i) => {
      const cy = top + i * rowHeight + rowHeight / 2;
      const name = r.name.length > 18 ? `${r.name.slice(0, 17)}…` : r.name;
      body += `<text class="name" x="0" y="${cy + 4}">${Charts.text(name)}<title>${Charts.text(r.name)}</title></text>`;
      if (r.elo === null || r.elo === undefined) {
        const edge = r.standing === "below" ? x(lo) : x(hi);
        const from = r.standing === "below" ? x(lo) + 40 : x(hi) - 40;
        if (r.standing === "above" || r.standing === "below") {
          body += `<line class="interval" x1="${from}" x2="${edge}" y1="${cy}" y2="${cy}"/>`
            + `<text class="label" x="${(from + edge) / 2}" y="${cy - 6}" text-anchor="middle">unbounded</text>`;
          words.push(`${r.name}: unbounded ${r.standing}`);
        } else {
          words.push(`${r.name}: ${r.standing || "unrated"}`);
        }
        return;
      }
      if (r.standing === "anchor") {
        body += `<rect class="anchor" x="${x(0) - 4}" y="${cy - 4}" width="8" height="8"/>`;
        words.push(`${r.name}: 0, the anchor`);
        return;
      }
      body += `<line class="interval" x1="${x(r.low)}" x2="${x(r.high)}" y1="${cy}" y2="${cy}"/>`
        + `<circle class="estimate" r="4.5" cx="${x(r.elo)}" cy="${cy}"/>`;
      words.push(`${r.name}: ${Math.round(r.elo)} (${Math.round(r.low)} to ${Math.round(r.high)})`);
    });
    for (const tick of Charts.ticks(lo, hi)) {
      body += `<text class="label" x="${x(tick)}" y="${height - 4}" text-anchor="middle">${tick > 0 ? "+" : ""}${tick}</text>`;
    }
    svg += ` role="img" aria-label="${Charts.text(`Ratings: ${words.join("; ")}`)}">${body}</svg>`;
    return svg;
  },

  // Round numbers between `lo` and `hi`, about five of them.
  ticks(lo, hi) {
    const raw = (hi - lo) / 5;
    const step = [1, 2, 5].map((m) => m * 10 ** Math.floor(Math.log10(raw))).find((s) => s >= raw)
      || 10 ** Math.ceil(Math.log10(raw));
    const ticks = [];
    for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.push(Math.round(t));
    return ticks;
  },
};

if (typeof module !== "undefined") module.exports = Charts;
