// The profile's pictures: papers per year stacked by theme (inline SVG) and co-authors as horizontal bars.
// Every label is a text node; colours come from the .theme-N classes in style.css, so dark mode recolours them.
import { el } from "./render.js";

const NS = "http://www.w3.org/2000/svg";
const PALETTE = 9; // style.css defines .theme-0 … .theme-8, one per theme (at most 9, see assistant/ingest/themes.py)

export const themeClass = (id) => `theme-${((Number(id) % PALETTE) + PALETTE) % PALETTE}`;
const plural = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;

// svg("rect", {x: 1}, child…) — like el(), in the SVG namespace; strings become text nodes.
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Keyboard activation for SVG groups acting as buttons (they have no native click on Enter/Space).
function pressable(node, action) {
  node.addEventListener("click", action);
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      action(e);
    }
  });
  return node;
}

function niceStep(max) {
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100, 200, 500]) if (max / step <= 5) return step;
  return Math.ceil(max / 5);
}

// Every year from the first to the last (gap years drawn empty, so the time axis is honest).
export function yearSpan(perYear) {
  if (!perYear.length) return [];
  const byYear = new Map(perYear.map((y) => [y.year, y]));
  const out = [];
  for (let y = perYear[0].year; y <= perYear[perYear.length - 1].year; y++) {
    out.push(byYear.get(y) || { year: y, total: 0, by_theme: {}, paper_ids: [] });
  }
  return out;
}

// The stacked bar chart. onYear(year) for a column, onSegment(year, themeId) for one theme's part of it.
export function yearChart(perYear, themes, { onYear, onSegment }) {
  const years = yearSpan(perYear);
  const W = 360, H = 200, left = 24, right = 4, top = 16, bottom = 22;
  const plotH = H - top - bottom;
  const max = Math.max(1, ...years.map((y) => y.total));
  const step = niceStep(max);
  const yMax = Math.ceil(max / step) * step;
  const scale = (n) => (n / yMax) * plotH;
  const colW = (W - left - right) / Math.max(1, years.length);
  const barW = Math.min(colW * 0.72, 34);
  // Full years when they fit, '15 when they nearly do, and only every k-th label on long spans.
  const short = colW < 30;
  const every = Math.max(1, Math.ceil((short ? 20 : 30) / colW));
  const order = themes.map((t) => t.id);

  const grid = [];
  for (let v = 0; v <= yMax; v += step) {
    const y = top + plotH - scale(v);
    grid.push(svg("line", { class: v ? "grid" : "axis", x1: left, x2: W - right, y1: y, y2: y }),
      svg("text", { class: "tick", x: left - 5, y: y + 3.5, "text-anchor": "end" }, String(v)));
  }

  const columns = years.map((y, i) => {
    const x = left + i * colW;
    const barX = x + (colW - barW) / 2;
    const parts = order.filter((id) => y.by_theme[id]).map((id) => [id, y.by_theme[id]]);
    const summary = parts.map(([id, n]) => `${themes.find((t) => t.id === id).label}: ${n}`).join("; ");
    const label = `${y.year}: ${plural(y.total, "paper")}${summary ? ` (${summary})` : ""}`;
    let base = top + plotH;
    const segments = parts.map(([id, n]) => {
      const h = scale(n);
      base -= h;
      const theme = themes.find((t) => t.id === id);
      const seg = svg("rect", { class: `seg ${themeClass(id)}`, x: barX, y: base, width: barW, height: Math.max(h - 1, 1), rx: 2, dataset: { theme: String(id) } },
        svg("title", {}, `${y.year} · ${theme.label}: ${plural(n, "paper")}`));
      seg.addEventListener("click", (e) => {
        e.stopPropagation();
        onSegment(y.year, id);
      });
      return seg;
    });
    const yearText = short ? `’${String(y.year).slice(-2)}` : String(y.year);
    const group = svg("g", { class: y.total ? "year-col" : "year-col empty", dataset: { year: String(y.year) } },
      svg("title", {}, label),
      svg("rect", { class: "hit", x, y: top - 14, width: colW, height: plotH + bottom + 14 }),
      segments,
      y.total ? svg("text", { class: "total", x: barX + barW / 2, y: base - 4, "text-anchor": "middle" }, String(y.total)) : null,
      i % every === 0 || i === years.length - 1
        ? svg("text", { class: "year-label", x: x + colW / 2, y: H - 6, "text-anchor": "middle" }, yearText) : null);
    if (y.total) {
      group.setAttribute("role", "button");
      group.setAttribute("tabindex", "0");
      group.setAttribute("aria-label", `${label}. Show them.`);
      pressable(group, () => onYear(y.year));
    }
    return group;
  });

  return svg("svg", { class: "year-chart", viewBox: `0 0 ${W} ${H}`, role: "group", "aria-labelledby": "profile-years-title" },
    svg("title", {}, "The author's papers per year, stacked by theme"), grid, columns);
}

export function legend(themes) {
  return el("ul", { class: "legend", "aria-label": "Theme colours" },
    themes.map((t) => el("li", {}, el("span", { class: `swatch ${themeClass(t.id)}`, "aria-hidden": "true" }), t.label)));
}

// Horizontal bars: name, joint papers split by theme, count. onPick(coauthor) lists their papers.
export function coauthorBars(coauthors, themes, onPick) {
  const max = Math.max(1, ...coauthors.map((c) => c.papers));
  const order = themes.map((t) => t.id);
  const labelOf = (id) => (themes.find((t) => t.id === Number(id)) || { label: `theme ${id}` }).label;
  return el("ol", { class: "coauthors" }, coauthors.map((c) => {
    const parts = order.filter((id) => c.themes[id]).map((id) => [id, c.themes[id]]);
    const summary = parts.map(([id, n]) => `${labelOf(id)}: ${n}`).join("; ");
    const segments = parts.map(([id, n]) => {
      const seg = el("span", { class: `co-seg ${themeClass(id)}`, title: `${labelOf(id)}: ${plural(n, "paper")}` });
      seg.style.width = `${(n / max) * 100}%`; // CSSOM, which the page's style-src 'self' allows
      return seg;
    });
    return el("li", {}, el("button", { type: "button", class: "coauthor", dataset: { name: c.name },
      "aria-label": `${c.name}: ${plural(c.papers, "joint paper")} (${summary}). Show them.`, onclick: () => onPick(c) },
    el("span", { class: "co-name" }, c.name),
    el("span", { class: "co-bar", "aria-hidden": "true" }, segments),
    el("span", { class: "co-count", "aria-hidden": "true" }, String(c.papers))));
  }));
}
