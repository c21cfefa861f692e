// The paper card (opened from a citation or a list), the papers panel that browses and filters the corpus, and its rows.
import { getJSON } from "./api.js";
import { authed } from "./auth.js";
import { EVENTS, announce, authorLine, el, ownerLabel, paperCard, titleNodes } from "./render.js";

const $ = (id) => document.getElementById(id);
let author = () => "";

export async function openPaper(paperId, quote) {
  const dialog = $("card");
  const body = $("card-body");
  body.replaceChildren(el("p", { class: "status" }, "Loading the paper…"));
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0; // a card opened from another keeps no scroll of the last one
  try {
    const paper = await authed(() => getJSON(`/api/papers/${encodeURIComponent(paperId)}`));
    body.replaceChildren(...paperCard(paper, { quote, author: author(), onClose: () => dialog.close() }).filter(Boolean));
    dialog.scrollTop = 0;
    const mark = body.querySelector("mark");
    if (mark && mark.getBoundingClientRect().bottom > dialog.getBoundingClientRect().bottom) {
      // Below the fold (a phone, a long abstract): one tap takes the reader to the sentence that was cited.
      const jump = el("button", { type: "button", class: "ghost small jump", onclick: () => mark.scrollIntoView({ block: "center", behavior: "smooth" }) },
        "Go to the cited passage ↓");
      mark.closest(".abstract").before(jump);
      showQuote(dialog, mark, body.querySelector("#card-title"), body.querySelector(".card-head"));
    }
    announce(EVENTS.paperCard, { node: body, actions: body.querySelector(".card-actions"), paper, quote });
  } catch (err) {
    body.replaceChildren(el("p", { class: "error-text" }, err.message),
      el("button", { type: "button", class: "ghost", onclick: () => dialog.close() }, "Close"));
  }
}

// On a phone the quoted sentence is often below the fold: scroll towards it, but never past the title, which the
// reader needs to know what they are reading (scrolling the quote to the middle hid it).
function showQuote(dialog, mark, title, head) {
  const view = dialog.getBoundingClientRect();
  const box = mark.getBoundingClientRect();
  const below = box.bottom + 16 - view.bottom;
  if (!title) return;
  const top = head ? head.getBoundingClientRect().bottom : view.top;
  const room = title.getBoundingClientRect().top - top - 4;
  const delta = Math.min(below, room);
  if (delta > 0) dialog.scrollBy({ top: delta });
}

function wireCard() {
  const dialog = $("card");
  // A click on the backdrop (the dialog element itself, outside its content) closes it.
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) dialog.close();
  });
}

// --- papers panel -------------------------------------------------------------------------------------
let papersTimer = null;
let papersRequest = 0;

function papersQuery() {
  const query = {
    author_only: $("papers-author-only").checked ? "true" : "",
    year_from: $("papers-year-from").value,
    year_to: $("papers-year-to").value,
    text: $("papers-text").value.trim(),
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ""));
}

async function loadPapers() {
  const mine = ++papersRequest;
  const query = papersQuery();
  const list = $("papers-list");
  // A count beside an error would describe a list that is no longer shown.
  const failed = (message) => {
    $("papers-count").textContent = "";
    list.replaceChildren(el("li", { class: "error-text" }, message));
  };
  if (query.year_from && query.year_to && Number(query.year_from) > Number(query.year_to)) {
    failed(`“From” (${query.year_from}) is after “to” (${query.year_to}): swap them.`);
    return;
  }
  try {
    const result = await authed(() => getJSON("/api/papers", query));
    if (mine !== papersRequest) return;
    $("papers-count").textContent = `(${result.count})`;
    list.replaceChildren(...(result.papers.length ? result.papers.map((p) => paperRow(p)) : [el("li", { class: "empty" }, "No paper matches these filters.")]));
    announce(EVENTS.papersList, { node: $("papers-panel"), actions: $("papers-actions"), query, count: result.count, papers: result.papers });
  } catch (err) {
    if (mine === papersRequest) failed(err.message);
  }
}

// One paper of a list (a PaperSummary from /api/papers); a click opens its card. `tags` go before the arXiv id;
// `owner: false` drops the whose-paper tag where every row is the author's anyway.
export function paperRow(p, { tags = [], owner = true } = {}) {
  const authors = authorLine(p.authors.slice(0, 3), p.authors_truncated || p.authors.length > 3);
  return el("li", {},
    el("button", { type: "button", class: "paper-row", dataset: { id: p.id }, onclick: () => openPaper(p.id, null) },
      titleNodes(p.title, p.display_title, "span"),
      el("span", { class: "row-meta" }, [p.year, authors].filter(Boolean).join(" · ")),
      el("span", { class: "row-tags" }, owner ? ownerLabel(p.is_author_work, author()) : null, tags, p.arxiv_id ? el("span", { class: "tag" }, `arXiv:${p.arxiv_id}`) : null)));
}

export const closePapers = () => togglePapers(false);

function togglePapers(open) {
  const panel = $("papers-panel");
  const show = open ?? panel.hidden;
  panel.hidden = !show;
  $("papers-button").setAttribute("aria-expanded", String(show));
  document.body.classList.toggle("panel-open", show);
  if (show) {
    document.dispatchEvent(new CustomEvent("panel:open", { detail: "papers-panel" }));
    loadPapers();
    $("papers-text").focus();
  }
}

export function wirePapers(getAuthor) {
  author = getAuthor;
  wireCard();
  $("papers-button").addEventListener("click", () => togglePapers());
  $("papers-close").addEventListener("click", () => togglePapers(false));
  // One side panel at a time: the profile panel announces itself the same way.
  document.addEventListener("panel:open", (e) => {
    if (e.detail !== "papers-panel" && !$("papers-panel").hidden) togglePapers(false);
  });
  document.addEventListener(EVENTS.papersChanged, () => {
    if (!$("papers-panel").hidden) loadPapers();
  });
  $("papers-filters").addEventListener("submit", (e) => e.preventDefault());
  $("papers-filters").addEventListener("input", () => {
    clearTimeout(papersTimer);
    papersTimer = setTimeout(loadPapers, 250);
  });
}

