// Conversations kept in this browser (localStorage), one key per conversation, so two tabs never overwrite each other's list.
//
// Why one key each and no index: a shared index read into one tab and written back later drops what another tab
// added in between. Here a tab only ever writes the conversation it changes (read-modify-write of that one key), the
// list is read from the keys themselves, and the `storage` event tells the other tabs to redraw.
// The server stays stateless: the conversation goes back to it whole with every question, as before.
//
// A conversation: {v: 1, id, title, created, updated, messages}, times in ms since the epoch. A message is
//   {role: "user", content, key}                                     key: ties the answer to its question
//   {role: "assistant", answer: {answer, citations, mode, notice}, rating}   an answer, its citations kept for the [n]
//                                                                     cards; rating: "up" | "down" once rated (feedback.js)
//   {role: "assistant", error, partial}                               failed or stopped (partial: the text that came)

const PREFIX = "paper-assistant.chat.";
const CURRENT = "paper-assistant.current-chat"; // sessionStorage: each tab reopens its own conversation on reload
const TITLE_CHARS = 200;

export const MAX_CHARS = 4000; // the server's limit per message
export const MAX_MESSAGES = 50; // and per conversation

const now = () => Date.now();

export function newId() {
  return crypto.randomUUID ? crypto.randomUUID() : `${now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function titleOf(question) {
  const t = question.replace(/\s+/g, " ").trim();
  return t.length > TITLE_CHARS ? `${t.slice(0, TITLE_CHARS - 1)}…` : t;
}

// A stored value is not trusted to have our shape (an older page, a hand edit): anything else is skipped.
function valid(c) {
  return c && typeof c === "object" && typeof c.id === "string" && typeof c.title === "string"
    && Number.isFinite(c.updated) && Array.isArray(c.messages)
    && c.messages.every((m) => m && (m.role === "user" ? typeof m.content === "string"
      : m.role === "assistant" && (m.answer ? typeof m.answer.answer === "string" && Array.isArray(m.answer.citations) : typeof m.error === "string")));
}

function parse(raw) {
  try {
    const c = JSON.parse(raw);
    return valid(c) ? c : null;
  } catch (_) {
    return null;
  }
}

export function load(id) {
  const raw = localStorage.getItem(PREFIX + id);
  return raw === null ? null : parse(raw);
}

// Every stored conversation, the most recently used first (what a person calls "newest").
export function list() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    const c = parse(localStorage.getItem(key));
    if (c) out.push({ id: c.id, title: c.title, created: c.created, updated: c.updated, questions: c.messages.filter((m) => m.role === "user").length });
  }
  return out.sort((a, b) => b.updated - a.updated || b.created - a.created);
}

// Writes one conversation; when the browser's quota is full, the least recently used others make room.
// Returns the titles of those removed, so the page can say so.
function write(c) {
  const raw = JSON.stringify(c);
  const removed = [];
  for (;;) {
    try {
      localStorage.setItem(PREFIX + c.id, raw);
      return removed;
    } catch (err) {
      if (err.name !== "QuotaExceededError") throw new Error(`This browser did not let the page keep the conversation (${err.message}).`);
      const oldest = list().filter((o) => o.id !== c.id).pop();
      if (!oldest) throw new Error("This browser's storage is full: the conversation could not be saved.");
      localStorage.removeItem(PREFIX + oldest.id);
      removed.push(oldest.title);
    }
  }
}

// Appends the question `message` to conversation `id` as stored now (another tab may have added to it); a
// conversation not stored yet is created, titled by it. `message.key` ties the answer to it (see reply()).
export function ask(id, message) {
  const c = load(id) || { v: 1, id, title: titleOf(message.content), created: now(), updated: now(), messages: [] };
  c.messages.push(message);
  c.updated = now();
  return { conversation: c, removed: write(c) };
}

// Puts the answer right after its question, found by its key, even when another tab asked in the same conversation
// meanwhile. null when the conversation was deleted in the meantime (it is not brought back).
export function reply(id, key, message) {
  const c = load(id);
  if (!c) return { conversation: null, removed: [] };
  const at = c.messages.findIndex((m) => m.role === "user" && m.key === key);
  if (at < 0) c.messages.push(message);
  else c.messages.splice(at + 1, 0, message);
  c.updated = now();
  return { conversation: c, removed: write(c) };
}

// The answer to the question keyed `key` in conversation `id`, as stored (null when there is none).
function answerTo(c, key) {
  const at = c ? c.messages.findIndex((m) => m.role === "user" && m.key === key) : -1;
  const a = at < 0 ? null : c.messages[at + 1];
  return a && a.role === "assistant" && a.answer ? a : null;
}

// The rating this browser gave that answer ("up" | "down"), or null.
export function ratingOf(id, key) {
  const a = answerTo(load(id), key);
  return a && (a.rating === "up" || a.rating === "down") ? a.rating : null;
}

// Keeps (or, with null, forgets) the rating of that answer with the conversation; `updated` is left alone.
export function rate(id, key, rating) {
  const c = load(id);
  const a = answerTo(c, key);
  if (!a) return false;
  if (rating) a.rating = rating;
  else delete a.rating;
  write(c);
  return true;
}

// A new title; `updated` is left alone, so renaming does not move a conversation to the top.
export function rename(id, title) {
  const c = load(id);
  const t = titleOf(title);
  if (!c || !t) return null;
  c.title = t;
  write(c);
  return c;
}

export function remove(id) {
  localStorage.removeItem(PREFIX + id);
}

// Storage the browser refuses (disabled, or full) costs the tab's reload memory, never the page.
export const current = {
  get() {
    try {
      return sessionStorage.getItem(CURRENT);
    } catch (_) {
      return null;
    }
  },
  set(id) {
    try {
      if (id) sessionStorage.setItem(CURRENT, id);
      else sessionStorage.removeItem(CURRENT);
    } catch (_) {
      // not kept: a reload opens a new chat
    }
  },
};

// What the server is sent: the answered exchanges (a failed one is left out, as if not asked), newest kept.
export function serverMessages(messages, question) {
  const out = [];
  for (let i = 0; i + 1 < messages.length; i++) {
    const [q, a] = [messages[i], messages[i + 1]];
    if (q.role !== "user" || a.role !== "assistant" || !a.answer) continue;
    // The server takes at most MAX_CHARS per message: a very long answer goes back shortened.
    const content = a.answer.answer.length > MAX_CHARS ? `${a.answer.answer.slice(0, MAX_CHARS - 1)}…` : a.answer.answer;
    out.push({ role: "user", content: q.content }, { role: "assistant", content });
    i++;
  }
  out.push({ role: "user", content: question });
  while (out.length > MAX_MESSAGES) out.splice(0, 2); // the oldest exchange goes first
  return out;
}

// Calls onChange(id) when another tab wrote or removed conversation `id` (null: the whole storage was cleared).
export function watch(onChange) {
  window.addEventListener("storage", (e) => {
    if (e.storageArea !== localStorage) return;
    if (e.key === null) onChange(null);
    else if (e.key.startsWith(PREFIX)) onChange(e.key.slice(PREFIX.length));
  });
}
