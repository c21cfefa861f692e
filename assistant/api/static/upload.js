// "Add papers": when the server allows uploads, a drop zone in the papers panel sends one exported file to
// POST /api/sources and shows what ingest read from it (the same summary as `assistant ingest`).
import { ApiError, token } from "./api.js";
import { authed } from "./auth.js";
import { el } from "./render.js";

const $ = (id) => document.getElementById(id);
const FORMATS = "BibTeX, RIS, CSL-JSON, arXiv Atom, OpenAlex or Semantic Scholar JSON";

async function postFile(file) {
  const body = new FormData();
  body.append("file", file, file.name);
  const headers = { Accept: "application/json" };
  if (token.get()) headers.Authorization = `Bearer ${token.get()}`;
  const response = await fetch("/api/sources", { method: "POST", headers, body });
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    // not JSON: reported by status below
  }
  if (!response.ok) {
    const message = (data && data.error && data.error.message) || `The server answered ${response.status}.`;
    throw new ApiError(response.status, message, (data && data.error && data.error.type) || "http_error");
  }
  return data;
}

function summary(result) {
  const r = result.report;
  const warnings = r.warnings.length ? el("ul", { class: "upload-warnings" }, r.warnings.map((w) => el("li", {}, w))) : null;
  return [
    el("p", { class: "upload-line" }, `${r.file}: ${r.shape || "unknown format"}, ${r.entries} entries read, ${r.merged} merged with other files, ${r.warnings.length} warnings.`),
    el("p", { class: "upload-line" }, `${result.papers} papers now: ${result.added.length} added, ${result.updated.length} updated.`),
    warnings,
  ].filter(Boolean);
}

async function send(file, status) {
  status.replaceChildren(el("p", { class: "status" }, `Adding ${file.name}…`));
  try {
    const result = await authed(() => postFile(file));
    status.replaceChildren(...summary(result));
    // The papers list reloads on any input in its filters: nudge it so the new papers show.
    $("papers-filters").dispatchEvent(new Event("input", { bubbles: true }));
  } catch (err) {
    status.replaceChildren(el("p", { class: "error-text" }, err.message));
  }
}

function dropZone() {
  const status = el("div", { id: "upload-result", class: "upload-result", "aria-live": "polite" });
  const input = el("input", { type: "file", id: "upload-input", class: "upload-input", "aria-label": "Choose a file of papers to add" });
  input.addEventListener("change", () => {
    if (input.files.length) send(input.files[0], status);
    input.value = "";
  });
  const zone = el("div", { id: "upload-zone", class: "upload-zone" },
    el("p", {}, el("strong", {}, "Add papers"), ` — drop one ${FORMATS} file here, or `),
    el("label", { class: "upload-pick" }, "choose a file", input));
  zone.addEventListener("dragover", (e) => {
    e.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    if (e.dataTransfer.files.length) send(e.dataTransfer.files[0], status);
  });
  return [zone, status];
}

async function init() {
  let health = null;
  try {
    health = await (await fetch("/healthz", { headers: { Accept: "application/json" } })).json();
  } catch (_) {
    return;
  }
  if (!health || !health.sources_upload || $("upload-zone")) return;
  const link = el("link", { rel: "stylesheet", href: "/static/upload.css" });
  document.head.append(link);
  $("papers-list").before(...dropZone());
}

init();
