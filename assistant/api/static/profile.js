// The research profile panel: themes, papers per year by theme, co-authors; a click lists those papers, each opens its card.
import { getJSON } from "./api.js";
import { authed } from "./auth.js";
import { coauthorBars, legend, themeClass, yearChart } from "./charts.js";
import { paperRow } from "./papers.js";
import { EVENTS, el } from "./render.js";

const $ = (id) => document.getElementById(id);
const plural = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;
const SHOWN_COAUTHORS = 10;

const state = {
  data: null, // {profile, papers: Map id → PaperSummary, order: Map id → position in the list (newest first)}
  loading: null,
  selection: el("div", { class: "selection", id: "profile-selection", "aria-live": "polite", hidden: true }),
  selectedNode: null,
};

async function load() {
  const [profile, list] = await Promise.all([
    authed(() => getJSON("/api/profile")),
    authed(() => getJSON("/api/papers", { author_only: "true" })),
  ]);
  return {
    profile,
    papers: new Map(list.papers.map((p) => [p.id, p])),
    order: new Map(list.papers.map((p, i) => [p.id, i])),
  };
}

const themeOf = (profile, paperId) => profile.themes.find((t) => t.paper_ids.includes(paperId));

function themeTag(theme) {
  if (!theme) return null;
  return el("span", { class: "tag theme-tag", title: theme.label }, el("span", { class: `swatch ${themeClass(theme.id)}`, "aria-hidden": "true" }), el("span", { class: "theme-name" }, theme.label));
}

function yearRange(from, to) {
  if (!from) return "undated";
  return from === to ? String(from) : `${from}–${to}`;
}

// --- the list of papers behind a click ---------------------------------------------------------------
function mark(node) {
  if (state.selectedNode) {
    state.selectedNode.classList.remove("selected");
    if (state.selectedNode.hasAttribute("aria-pressed")) state.selectedNode.setAttribute("aria-pressed", "false");
  }
  state.selectedNode = node || null;
  if (node) {
    node.classList.add("selected");
    if (node.tagName === "BUTTON" || node.getAttribute("role") === "button") node.setAttribute("aria-pressed", "true");
  }
}

function clearSelection() {
  mark(null);
  state.selection.hidden = true;
  state.selection.replaceChildren();
}

// Shows `ids` under `heading` at the end of `section` (the chart that was clicked), newest first.
function select({ heading, ids, section, node, wider }) {
  const { profile, papers, order } = state.data;
  mark(node);
  const known = ids.filter((id) => papers.has(id)).sort((a, b) => order.get(a) - order.get(b));
  const rows = known.map((id) => paperRow(papers.get(id), { tags: [themeTag(themeOf(profile, id))], owner: false }));
  const missing = ids.length - known.length;
  state.selection.replaceChildren(...[
    el("div", { class: "selection-head" },
      el("h4", { id: "profile-selection-title" }, heading, " ", el("span", { class: "count" }, `(${ids.length})`)),
      wider ? el("button", { type: "button", class: "ghost small", onclick: wider.action }, wider.label) : null,
      el("button", { type: "button", class: "icon", "aria-label": "Close this list", onclick: clearSelection }, "✕")),
    el("ul", { class: "papers-list", "aria-labelledby": "profile-selection-title" }, rows),
    missing ? el("p", { class: "note" }, `${plural(missing, "paper")} not in the list any more: reload the page.`) : null,
  ].filter(Boolean));
  state.selection.hidden = false;
  section.append(state.selection);
  reveal(state.selection, $("profile-body"));
}

// Scrolls so as much of `node` shows as fits, its head always in view (scrollIntoView "nearest" can hide the head).
function reveal(node, scroller) {
  const view = scroller.getBoundingClientRect();
  const box = node.getBoundingClientRect();
  let delta = Math.max(0, box.bottom - view.bottom);
  if (box.top - delta < view.top) delta = box.top - view.top;
  if (delta) scroller.scrollBy({ top: delta });
}

// --- sections ------------------------------------------------------------------------------------------
function yearsSection(profile) {
  const section = el("section", { class: "profile-section", "aria-labelledby": "profile-years-title" });
  const byYear = new Map(profile.per_year.map((y) => [y.year, y]));
  const label = (id) => profile.themes.find((t) => t.id === id).label;
  const showYear = (year) => select({
    heading: `${year}`, ids: byYear.get(year).paper_ids, section,
    node: section.querySelector(`.year-col[data-year="${year}"]`),
  });
  const showSegment = (year, themeId) => {
    const theme = profile.themes.find((t) => t.id === themeId);
    const ids = byYear.get(year).paper_ids.filter((id) => theme.paper_ids.includes(id));
    const all = byYear.get(year).total;
    select({
      heading: `${year} · ${label(themeId)}`, ids, section,
      node: section.querySelector(`.year-col[data-year="${year}"] .seg[data-theme="${themeId}"]`),
      wider: ids.length < all ? { label: `All ${all} from ${year}`, action: () => showYear(year) } : null,
    });
  };
  section.append(
    el("h3", { id: "profile-years-title" }, "Papers per year"),
    yearChart(profile.per_year, profile.themes, { onYear: showYear, onSegment: showSegment }),
    legend(profile.themes),
    el("p", { class: "note" }, "Click a year for its papers, or a coloured part for that theme's papers in that year."));
  if (profile.undated.length) {
    section.append(el("button", { type: "button", class: "ghost small",
      onclick: (e) => select({ heading: "Undated", ids: profile.undated, section, node: e.currentTarget }) },
    `${plural(profile.undated.length, "undated paper")} (not in the chart)`));
  }
  return section;
}

function coauthorsSection(profile) {
  const section = el("section", { class: "profile-section", "aria-labelledby": "profile-coauthors-title" });
  const pick = (c) => select({
    heading: `With ${c.name}`, ids: c.paper_ids, section,
    node: section.querySelector(`.coauthor[data-name="${CSS.escape(c.name)}"]`),
  });
  const notes = [`Papers written with ${profile.principal_author}, by theme.`];
  if (profile.truncated_author_lists) {
    notes.push(`${profile.truncated_author_lists} of the ${profile.author_papers} papers list only their first authors, so these counts are lower bounds.`);
  }
  let all = false;
  const bars = el("div", {});
  const more = el("button", { type: "button", class: "ghost small" });
  const draw = () => {
    const shown = all ? profile.coauthors : profile.coauthors.slice(0, SHOWN_COAUTHORS);
    bars.replaceChildren(coauthorBars(shown, profile.themes, pick));
    more.textContent = all ? `Show the first ${SHOWN_COAUTHORS}` : `Show all ${profile.coauthors.length}`;
    if (state.selectedNode && !state.selectedNode.isConnected) clearSelection();
  };
  more.addEventListener("click", () => {
    all = !all;
    draw();
  });
  draw();
  section.append(
    el("h3", { id: "profile-coauthors-title" }, "Co-authors ", el("span", { class: "count" }, `(${profile.coauthors.length})`)),
    el("p", { class: "note" }, notes.join(" ")),
    profile.coauthors.length ? bars : el("p", { class: "empty" }, "No co-authors are listed."),
    profile.coauthors.length > SHOWN_COAUTHORS ? more : null);
  return section;
}

function themesSection(profile) {
  const section = el("section", { class: "profile-section", "aria-labelledby": "profile-themes-title" });
  const rows = profile.themes.map((t) => el("li", {}, el("button", { type: "button", class: "theme-row", dataset: { theme: String(t.id) },
    onclick: (e) => select({ heading: t.label, ids: [...t.representative, ...t.paper_ids.filter((id) => !t.representative.includes(id))], section, node: e.currentTarget }) },
  el("span", { class: `swatch ${themeClass(t.id)}`, "aria-hidden": "true" }),
  el("span", { class: "theme-label" }, t.label),
  el("span", { class: "theme-meta" }, `${yearRange(t.year_from, t.year_to)} · ${plural(t.paper_ids.length, "paper")}`))));
  section.append(
    el("h3", { id: "profile-themes-title" }, "Themes ", el("span", { class: "count" }, `(${profile.themes.length})`)),
    el("p", { class: "note" }, "Grouped from the papers' own text; each paper is in one theme."),
    el("ol", { class: "themes" }, rows));
  return section;
}

function render({ profile }) {
  const years = profile.per_year.map((y) => y.year);
  const span = years.length ? ` from ${yearRange(years[0], years[years.length - 1])}` : "";
  const summary = el("p", { class: "profile-summary" },
    `${plural(profile.author_papers, "paper")} by ${profile.principal_author}${span}, in ${plural(profile.themes.length, "theme")}`,
    profile.papers > profile.author_papers ? ` (${profile.papers} in the corpus)` : "", ".");
  if (!profile.author_papers) {
    $("profile-body").replaceChildren(summary);
    return;
  }
  $("profile-body").replaceChildren(summary, yearsSection(profile), coauthorsSection(profile), themesSection(profile));
}

// --- the panel -----------------------------------------------------------------------------------------
async function open() {
  if (state.data) return;
  $("profile-body").replaceChildren(el("p", { class: "status" }, "Loading the profile…"));
  try {
    state.loading = state.loading || load();
    state.data = await state.loading;
    render(state.data);
  } catch (err) {
    $("profile-body").replaceChildren(el("p", { class: "error-text" }, err.message));
  } finally {
    state.loading = null;
  }
}

function toggleProfile(show) {
  const panel = $("profile-panel");
  const visible = show ?? panel.hidden;
  panel.hidden = !visible;
  $("profile-button").setAttribute("aria-expanded", String(visible));
  if (visible) {
    document.dispatchEvent(new CustomEvent("panel:open", { detail: "profile-panel" }));
    open().then(() => $("profile-close").focus());
  }
}

export const closeProfile = () => toggleProfile(false);

export function wireProfile() {
  // The corpus changed (papers added): the next opening fetches the profile again, and an open panel redraws now.
  document.addEventListener(EVENTS.papersChanged, () => {
    state.data = null;
    clearSelection();
    if (!$("profile-panel").hidden) open();
  });
  $("profile-button").addEventListener("click", () => toggleProfile());
  $("profile-close").addEventListener("click", () => toggleProfile(false));
  // One side panel at a time: the papers panel announces itself the same way.
  document.addEventListener("panel:open", (e) => {
    if (e.detail !== "profile-panel" && !$("profile-panel").hidden) toggleProfile(false);
  });
}
