// References to take away: "Copy BibTeX" on a paper card, "Export references" on an answer and on the papers panel.
// It listens for two events the page fires and adds its buttons itself, so the page's modules need no other change:
//   "paper:card"   on the card's body, detail {paper}   (papers.js, when a card is shown)
//   "answer:shown" on the answer's article, detail {answer} (app.js, when an answer is complete)
import { ApiError, token } from "./api.js";
import { authed } from "./auth.js";
import { el } from "./render.js";

const $ = (id) => document.getElementById(id);
const FORMATS = [
  ["bibtex", "BibTeX"],
  ["ris", "RIS"],
  ["csl-json", "CSL-JSON"],
];

async function request(path, { method = "GET", body, params } = {}) {
  const query = new URLSearchParams(Object.entries(params || {}).filter(([, v]) => v !== "" && v !== undefined && v !== null));
  const url = query.toString() ? `${path}?${query}` : path;
  const headers = {};
  if (token.get()) headers.Authorization = `Bearer ${token.get()}`;
  if (body) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  } catch (_) {
    throw new ApiError(0, "Cannot reach the server: is `assistant serve` still running?", "network");
  }
  if (!response.ok) {
    let message = `The server answered ${response.status}.`;
    try {
      message = (await response.json()).error.message || message;
    } catch (_) {
      // not JSON: keep the status
    }
    throw new ApiError(response.status, message, "http_error");
  }
  return response;
}

// The file name the server chose (Content-Disposition), else a plain one.
function fileName(response, fallback) {
  const m = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
  return m ? m[1] : fallback;
}

async function download(fetchIt, button) {
  const label = button.textContent;
  button.disabled = true;
  try {
    const response = await authed(fetchIt);
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const link = el("a", { href: url, download: fileName(response, "references.txt"), hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    flash(button, "Downloaded ✓", label);
  } catch (err) {
    flash(button, "Export failed", label, err.message);
  } finally {
    button.disabled = false;
  }
}

function flash(button, text, label, title) {
  button.textContent = text;
  if (title) button.title = title;
  setTimeout(() => {
    button.textContent = label;
    button.removeAttribute("title");
  }, 2000);
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {
    const area = el("textarea", { class: "visually-hidden" });
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

function formatPicker(label) {
  return el("select", { class: "export-format", "aria-label": label, title: "BibTeX for LaTeX; RIS or CSL-JSON for Zotero, Mendeley, EndNote" }, FORMATS.map(([value, name]) => el("option", { value }, name)));
}

// An "Export references" button with its format; `fetchFor(format)` makes the request.
function exportControl(label, fetchFor) {
  const picker = formatPicker(`Format of the ${label.toLowerCase()}`);
  const button = el("button", { type: "button", class: "ghost small export-refs" }, label);
  button.addEventListener("click", () => download(() => fetchFor(picker.value), button));
  return el("span", { class: "export" }, button, picker);
}

// --- paper card ---------------------------------------------------------------------------------------
function onCard(event) {
  const { paper } = event.detail || {};
  const body = event.target;
  if (!paper || !paper.id || body.querySelector(".copy-bibtex")) return;
  const button = el("button", { type: "button", class: "ghost small copy-bibtex" }, "Copy BibTeX");
  button.addEventListener("click", async () => {
    try {
      const response = await authed(() => request(`/api/papers/${encodeURIComponent(paper.id)}/export`, { params: { format: "bibtex" } }));
      await copyText(await response.text());
      flash(button, "Copied ✓", "Copy BibTeX");
    } catch (err) {
      flash(button, "Copy failed", "Copy BibTeX", err.message);
    }
  });
  const head = body.querySelector(".card-head");
  const close = head && head.querySelector("button.icon");
  if (close) close.before(button);
  else body.prepend(button);
}

// --- answers ------------------------------------------------------------------------------------------
function onAnswer(event) {
  const { answer } = event.detail || {};
  const node = event.target;
  if (!answer || !answer.citations || !answer.citations.length || node.querySelector(".export-refs")) return;
  const ids = answer.citations.map((c) => c.paper_id);
  const control = exportControl("Export references", (format) => request("/api/export", { method: "POST", body: { ids, format } }));
  const actions = node.querySelector(".msg-actions");
  if (actions) actions.append(control);
  else node.append(el("div", { class: "msg-actions" }, control));
}

// --- papers panel: the list as its filters show it ----------------------------------------------------
function panelFilters() {
  const value = (id) => ($(id) ? $(id).value.trim() : "");
  return {
    author_only: $("papers-author-only") && $("papers-author-only").checked ? "true" : "",
    year_from: value("papers-year-from"),
    year_to: value("papers-year-to"),
    text: value("papers-text"),
  };
}

function wirePanel() {
  const form = $("papers-filters");
  if (!form || form.parentElement.querySelector(".export-list")) return;
  const control = exportControl("Export references", (format) => request("/api/papers", { params: { ...panelFilters(), format } }));
  control.classList.add("export-list");
  form.after(control);
}

// Its own stylesheet, so style.css stays the page's (a <link>, which the CSP's style-src 'self' allows).
document.head.append(el("link", { rel: "stylesheet", href: "/static/export.css" }));
document.addEventListener("paper:card", onCard);
document.addEventListener("answer:shown", onAnswer);
wirePanel();
