// References to take away: "Copy BibTeX" on a paper card, "Export references" on an answer and on the papers panel.
// It listens for the page's extension events (described at the top of render.js) and adds its buttons to the
// `actions` each one carries, so the page's modules need no other change.
import { ApiError, token } from "./api.js";
import { authed } from "./auth.js";
import { EVENTS, copyText, el } from "./render.js";

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
  const { paper, node: body, actions } = event.detail || {};
  if (!paper || !paper.id || !body || body.querySelector(".copy-bibtex")) return;
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
  if (actions) actions.append(button);
  else body.prepend(button);
}

// --- answers ------------------------------------------------------------------------------------------
function onAnswer(event) {
  const { answer, node, actions } = event.detail || {};
  if (!node || !answer || !answer.citations || !answer.citations.length || node.querySelector(".export-refs")) return;
  const ids = answer.citations.map((c) => c.paper_id);
  const control = exportControl("Export references", (format) => request("/api/export", { method: "POST", body: { ids, format } }));
  if (actions) actions.append(control);
  else node.append(el("div", { class: "msg-actions" }, control));
}

// --- papers panel: the list as its filters show it ----------------------------------------------------
// The list's own query (the /api/papers parameters of what the panel shows), kept from its latest load.
let listQuery = null;

function onList(event) {
  const { query, actions } = event.detail || {};
  listQuery = query || {};
  if (!actions || actions.querySelector(".export-list")) return;
  const control = exportControl("Export references", (format) => request("/api/papers", { params: { ...listQuery, format } }));
  control.classList.add("export-list");
  actions.append(control);
}

// Its own stylesheet, so style.css stays the page's (a <link>, which the CSP's style-src 'self' allows).
document.head.append(el("link", { rel: "stylesheet", href: "/static/export.css" }));
document.addEventListener(EVENTS.paperCard, onCard);
document.addEventListener(EVENTS.answer, onAnswer);
document.addEventListener(EVENTS.papersList, onList);
