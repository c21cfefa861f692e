// The "Chats" panel: past conversations kept in this browser, newest first; open, rename (inline) and delete (confirmed inline).
import * as history from "./history.js";
import { el, icon } from "./render.js";

const $ = (id) => document.getElementById(id);
const OPEN_KEY = "paper-assistant.chats-open"; // the user's last choice; wide screens start with the panel open
const phone = () => window.matchMedia("(max-width: 760px)").matches;

function remember(open) {
  try {
    localStorage.setItem(OPEN_KEY, open ? "1" : "0");
  } catch (_) {
    // storage full: the choice is not kept, nothing else is lost
  }
}

let hooks = { current: () => null, open: () => {}, deleted: () => {} };
let editing = null; // the id of the row being renamed or confirmed for deletion

const DAY = 86_400_000;
function when(ms) {
  const d = new Date(ms);
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  if (d >= today) return d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (d >= today - DAY) return "Yesterday";
  const sameYear = d.getFullYear() === today.getFullYear();
  return d.toLocaleDateString(undefined, sameYear ? { day: "numeric", month: "short" } : { day: "numeric", month: "short", year: "numeric" });
}

function renameRow(c, li) {
  editing = c.id;
  const input = el("input", { type: "text", class: "chat-rename", maxlength: "200", "aria-label": "New name for this chat" });
  input.value = c.title;
  let done = false;
  const finish = (save) => {
    if (done) return;
    done = true;
    editing = null;
    if (save && input.value.trim() && input.value.trim() !== c.title) history.rename(c.id, input.value);
    render();
    $("chats-list").querySelector(`[data-id="${CSS.escape(c.id)}"] .chat-open`)?.focus();
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      finish(true);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation(); // Esc cancels the rename, and leaves the panel open
      finish(false);
    }
  });
  input.addEventListener("blur", () => finish(true));
  li.replaceChildren(el("form", { class: "chat-edit", onsubmit: (e) => e.preventDefault() }, input));
  input.focus();
  input.select();
}

function confirmDelete(c, li) {
  editing = c.id;
  const cancel = () => {
    editing = null;
    render();
    $("chats-list").querySelector(`[data-id="${CSS.escape(c.id)}"] .chat-open`)?.focus();
  };
  const yes = el("button", { type: "button", class: "danger small", onclick: () => {
    editing = null;
    history.remove(c.id);
    hooks.deleted(c.id);
    render();
    $("chats-button").focus();
  } }, "Delete");
  li.replaceChildren(el("div", { class: "chat-confirm", role: "group", "aria-label": `Delete “${c.title}”?` },
    el("span", { class: "chat-confirm-text" }, "Delete this chat?"), yes,
    el("button", { type: "button", class: "ghost small", onclick: cancel }, "Cancel")));
  li.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      cancel();
    }
  });
  yes.focus();
}

function row(c, currentId) {
  const li = el("li", { class: "chat-item", dataset: { id: c.id }, "aria-current": c.id === currentId ? "true" : null });
  li.append(
    el("button", { type: "button", class: "chat-open", title: c.title, onclick: () => {
      hooks.open(c.id);
      if (phone()) toggleChats(false);
    } },
    el("span", { class: "chat-title" }, c.title),
    el("span", { class: "chat-meta" }, `${when(c.updated)} · ${c.questions} question${c.questions === 1 ? "" : "s"}`)),
    el("span", { class: "chat-tools" },
      el("button", { type: "button", class: "icon chat-rename-button", "aria-label": `Rename “${c.title}”`, title: "Rename", onclick: () => renameRow(c, li) }, icon("pencil")),
      el("button", { type: "button", class: "icon chat-delete-button", "aria-label": `Delete “${c.title}”`, title: "Delete", onclick: () => confirmDelete(c, li) }, icon("trash"))));
  return li;
}

// Redraws the list from storage (the only copy of the truth). Not while a row is being renamed or confirmed for
// deletion (it would take the focus away): that ends with a redraw.
export function render() {
  if (editing) return;
  const list = $("chats-list");
  const items = history.list();
  const currentId = hooks.current();
  $("chats-count").textContent = items.length ? `(${items.length})` : "";
  if (!items.length) {
    list.replaceChildren(el("li", { class: "empty" }, "No saved chats yet. Each question you ask starts one, kept in this browser only."));
    return;
  }
  list.replaceChildren(...items.map((c) => row(c, currentId)));
}

export function toggleChats(open) {
  const panel = $("chats-panel");
  const show = open ?? panel.hidden;
  panel.hidden = !show;
  $("chats-button").setAttribute("aria-expanded", String(show));
  if (show) {
    render();
    // On a phone the panels cover the page: one at a time. On a wide screen this one sits on the left beside the others.
    if (phone()) document.dispatchEvent(new CustomEvent("panel:open", { detail: "chats-panel" }));
  }
}

export const chatsOpen = () => !$("chats-panel").hidden;

// `current()` → the id shown; `open(id)` shows a stored conversation; `deleted(id)` after one was deleted here.
export function wireChats({ current, open, deleted }) {
  hooks = { current, open, deleted };
  $("chats-button").prepend(icon("chats"));
  $("chats-button").addEventListener("click", () => {
    toggleChats();
    remember(chatsOpen());
    if (chatsOpen()) ($("chats-list").querySelector(".chat-open") || $("chats-close")).focus();
  });
  $("chats-close").addEventListener("click", () => {
    toggleChats(false);
    remember(false);
    $("chats-button").focus();
  });
  document.addEventListener("panel:open", (e) => {
    if (e.detail !== "chats-panel" && phone() && chatsOpen()) toggleChats(false);
  });
  const remembered = localStorage.getItem(OPEN_KEY);
  toggleChats(remembered === null ? window.matchMedia("(min-width: 1100px)").matches : remembered === "1" && !phone());
}
