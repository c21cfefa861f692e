// The paper card (opened from a citation or a list), the papers panel that browses and filters the corpus, and its rows.
import { getJSON } from "./api.js";
import { authed } from "./auth.js";
import { authorLine, el, ownerLabel, paperCard, titleNodes } from "./render.js";

const $ = (id) => document.getElementById(id);
let author = () => "";

export async function openPaper(paperId, quote) {
  const dialog = $("card");
  const body = $("card-body");
  body.replaceChildren(el("p", { class: "status" }, "Loading the paper…"));
  if (!dialog.open) dialog.showModal();
  try {
    const paper = await authed(() => getJSON(`/api/papers/${encodeURIComponent(paperId)}`));
    body.replaceChildren(...paperCard(paper, { quote, author: author(), onClose: () => dialog.close() }).filter(Boolean));
    body.dispatchEvent(new CustomEvent("paper:card", { bubbles: true, detail: { paper } })); // export.js adds "Copy BibTeX"
    const mark = body.querySelector("mark");
    // On a phone the quoted sentence is often below the fold: bring it to the middle.
    if (mark && mark.getBoundingClientRect().bottom > dialog.getBoundingClientRect().bottom) mark.scrollIntoView({ block: "center" });
  } catch (err) {
    body.replaceChildren(el("p", { class: "error-text" }, err.message),
      el("button", { type: "button", class: "ghost", onclick: () => dialog.close() }, "Close"));
  }
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

async function loadPapers() {
  const mine = ++papersRequest;
  const params = {
    author_only: $("papers-author-only").checked ? "true" : "",
    year_from: $("papers-year-from").value,
    year_to: $("papers-year-to").value,
    text: $("papers-text").value.trim(),
  };
  const list = $("papers-list");
  try {
    const result = await authed(() => getJSON("/api/papers", params));
    if (mine !== papersRequest) return;
    $("papers-count").textContent = `(${result.count})`;
    list.replaceChildren(...(result.papers.length ? result.papers.map((p) => paperRow(p)) : [el("li", { class: "empty" }, "No paper matches these filters.")]));
  } catch (err) {
    if (mine === papersRequest) list.replaceChildren(el("li", { class: "error-text" }, err.message));
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
  $("papers-filters").addEventListener("submit", (e) => e.preventDefault());
  $("papers-filters").addEventListener("input", () => {
    clearTimeout(papersTimer);
    papersTimer = setTimeout(loadPapers, 250);
  });
}

