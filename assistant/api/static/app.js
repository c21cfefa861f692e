// The chat page: conversation kept in the page, streamed answers, copy with references; wires the other modules.
import { getJSON, streamChat, token } from "./api.js";
import { askToken, authed, wireToken } from "./auth.js";
import { openPaper, wirePapers } from "./papers.js";
import { wireProfile } from "./profile.js";
import { authorLine, el, ownerLabel, readable, richText } from "./render.js";

const MAX_CHARS = 4000;
const MAX_MESSAGES = 50;
const $ = (id) => document.getElementById(id);

const state = {
  history: [], // [{role, content}] sent whole with every question, so follow-ups have their context
  author: "",
  busy: false,
  controller: null,
};

// --- status and profile -------------------------------------------------------------------------------
function banner(text) {
  const b = $("banner");
  b.hidden = !text;
  b.textContent = text || "";
}

async function loadStatus() {
  let health;
  try {
    health = await getJSON("/healthz");
  } catch (err) {
    banner(err.message);
    return;
  }
  const badge = $("mode-badge");
  badge.hidden = false;
  badge.textContent = health.mode === "llm" ? "LLM answers" : "Extractive answers";
  badge.title = health.mode_reason;
  badge.classList.toggle("llm", health.mode === "llm");
  if (health.status !== "ok") {
    banner(health.store_reachable ? "The store holds no papers yet: run `assistant ingest`, then reload." : "The paper store cannot be reached: run `assistant ingest` (or start the Chroma server), then reload.");
  }
  if (health.auth_required && !token.get()) await askToken("");
}

async function loadProfile() {
  const profile = await authed(() => getJSON("/api/profile"));
  state.author = profile.principal_author;
  const first = profile.per_year[0];
  const last = profile.per_year[profile.per_year.length - 1];
  const years = first ? ` · ${first.year}–${last.year}` : "";
  $("subtitle").textContent = `${profile.principal_author} · ${profile.author_papers} of their papers, ${profile.papers} in all${years}`;
  $("welcome-title").textContent = `Ask about ${profile.principal_author}'s papers`;
  $("chat-author-label").textContent = `Only ${profile.principal_author}'s papers`;
  $("papers-author-label").textContent = `Only ${profile.principal_author}'s`;
  const examples = [
    `What has ${profile.principal_author} worked on?`,
    "What parallel efficiency does cuNNQS-SCI maintain in strong scaling tests?",
    "Which papers are about model compression?",
    "Which papers are about stencil computation?",
  ];
  $("examples").replaceChildren(...examples.map((q) => el("button", { type: "button", class: "chip", onclick: () => ask(q) }, q)));
}

// --- the conversation ---------------------------------------------------------------------------------
function chatFilters() {
  const filters = {};
  if ($("chat-author-only").checked) filters.author_only = true;
  const from = parseInt($("chat-year-from").value, 10);
  const to = parseInt($("chat-year-to").value, 10);
  if (!Number.isNaN(from)) filters.year_from = from;
  if (!Number.isNaN(to)) filters.year_to = to;
  const parts = [];
  if (filters.author_only) parts.push("author's only");
  if (filters.year_from || filters.year_to) parts.push(`${filters.year_from || "…"}–${filters.year_to || "…"}`);
  $("filter-summary").textContent = parts.length ? `(${parts.join(", ")})` : "";
  return Object.keys(filters).length ? filters : undefined;
}

function scrollDown(force) {
  const log = $("log");
  if (force || log.scrollHeight - log.scrollTop - log.clientHeight < 160) log.scrollTop = log.scrollHeight;
}

function userBubble(text) {
  $("welcome").hidden = true;
  const node = el("article", { class: "msg user" }, el("p", {}, text));
  $("log").append(node);
  scrollDown(true);
}

function referencesText(answer) {
  // The server's presenter writes the reference lines (assistant/presenter.py), as the CLI and the REPL show them.
  const lines = answer.references || answer.citations.map((c) => {
    const title = readable(c.title || `${c.display_title} (derived title)`);
    let line = `[${c.n}] ${title}${c.year ? ` (${c.year})` : ""}.`;
    if (c.authors && c.authors.length) line += ` ${authorLine(c.authors.slice(0, 3), c.authors_truncated || c.authors.length > 3)}.`;
    if (c.arxiv_id) line += ` arXiv:${c.arxiv_id} https://arxiv.org/abs/${c.arxiv_id}`;
    return line;
  });
  return readable(answer.answer).replace(/\*\*?([^*\n]+)\*\*?/g, "$1") + (lines.length ? `\n\nReferences:\n${lines.join("\n")}` : "");
}

async function copy(text, button) {
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
  button.textContent = "Copied ✓";
  setTimeout(() => (button.textContent = "Copy answer with references"), 1600);
}

function assistantBubble() {
  const text = el("div", { class: "answer streaming" });
  const status = el("p", { class: "status" }, el("span", { class: "dots", "aria-hidden": "true" }), "Searching the papers…");
  const node = el("article", { class: "msg assistant", "aria-busy": "true" }, status, text);
  $("log").append(node);
  scrollDown(true);
  let raw = "";
  return {
    node,
    token(piece) {
      if (status.isConnected) status.remove();
      raw += piece;
      text.textContent = readable(raw);
      scrollDown(false);
    },
    finish(answer) {
      status.remove();
      node.removeAttribute("aria-busy");
      const byN = new Map(answer.citations.map((c) => [c.n, c]));
      const cite = (n) => {
        const c = byN.get(n);
        if (!c) return null;
        return el("a", { href: `#ref-${n}`, class: "cite", dataset: { n: String(n) }, title: readable(c.title || c.display_title),
          onclick: (e) => { e.preventDefault(); openPaper(c.paper_id, c.quote); } }, `[${n}]`);
      };
      text.classList.remove("streaming");
      text.replaceChildren(richText(answer.answer, cite));
      const parts = [];
      if (answer.notice) parts.push(el("p", { class: "notice", role: "note" }, answer.notice));
      parts.push(text);
      if (answer.citations.length) {
        parts.push(el("ol", { class: "refs", "aria-label": "References" }, answer.citations.map((c) =>
          el("li", { id: `ref-${c.n}` },
            el("button", { type: "button", class: "ref", onclick: () => openPaper(c.paper_id, c.quote) },
              el("span", { class: "ref-n" }, `[${c.n}]`), " ",
              el("span", { class: "ref-title" }, readable(c.title || c.display_title)),
              c.title ? null : el("span", { class: "tag derived-tag" }, "derived title"),
              c.year ? el("span", { class: "ref-year" }, ` ${c.year}`) : null),
            ownerLabel(c.is_author_work, state.author)))));
      }
      const copyButton = el("button", { type: "button", class: "ghost small copy" }, "Copy answer with references");
      copyButton.addEventListener("click", () => copy(referencesText(answer), copyButton));
      parts.push(el("div", { class: "msg-actions" }, copyButton, el("span", { class: "mode" }, answer.mode === "llm" ? "LLM answer" : "extractive answer")));
      node.replaceChildren(...parts);
      node.dispatchEvent(new CustomEvent("answer:shown", { bubbles: true, detail: { answer } })); // export.js adds "Export references"
      scrollDown(false);
    },
    fail(message) {
      status.remove();
      node.removeAttribute("aria-busy");
      node.classList.add("failed");
      node.replaceChildren(...(raw ? [el("div", { class: "answer" }, readable(raw))] : []), el("p", { class: "error-text" }, message));
    },
  };
}

function setBusy(busy) {
  state.busy = busy;
  const send = $("send");
  send.textContent = busy ? "Stop" : "Send";
  send.classList.toggle("stop", busy);
  send.setAttribute("aria-label", busy ? "Stop the answer" : "Send the question");
}

function stop() {
  if (state.controller) state.controller.abort();
}

async function ask(question) {
  const text = question.trim();
  if (!text || state.busy) return;
  if (text.length > MAX_CHARS) {
    banner(`Your question is ${text.length} characters; the limit is ${MAX_CHARS}. Shorten it.`);
    return;
  }
  banner("");
  userBubble(text);
  $("question").value = "";
  autosize();
  const messages = [...state.history, { role: "user", content: text }];
  while (messages.length > MAX_MESSAGES) messages.splice(0, 2); // the oldest exchange goes first
  const bubble = assistantBubble();
  setBusy(true);
  const controller = new AbortController();
  state.controller = controller;
  try {
    const answer = await authed(() => streamChat(messages, chatFilters(), { onToken: bubble.token, signal: controller.signal }));
    bubble.finish(answer);
    // The server takes at most MAX_CHARS per message: a very long answer goes back shortened.
    const content = answer.answer.length > MAX_CHARS ? `${answer.answer.slice(0, MAX_CHARS - 1)}…` : answer.answer;
    state.history = [...messages, { role: "assistant", content }];
  } catch (err) {
    if (err.name === "AbortError") {
      if (bubble.node.isConnected) bubble.fail("Stopped before the answer was complete.");
      return;
    }
    bubble.fail(err.message || String(err));
  } finally {
    if (state.controller === controller) {
      state.controller = null;
      setBusy(false);
    }
  }
}

function newChat() {
  if (state.controller) state.controller.abort();
  state.controller = null;
  setBusy(false);
  state.history = [];
  $("log").replaceChildren($("welcome"));
  $("welcome").hidden = false;
  banner("");
  $("question").focus();
}

function autosize() {
  const q = $("question");
  q.style.height = "auto";
  q.style.height = `${Math.min(q.scrollHeight, 200)}px`;
  const n = q.value.length;
  $("char-count").textContent = n > MAX_CHARS - 500 ? `${n} / ${MAX_CHARS}` : "";
}

// --- start ----------------------------------------------------------------------------------------------
function wireComposer() {
  const q = $("question");
  $("composer").addEventListener("submit", (e) => {
    e.preventDefault();
    if (state.busy) stop();
    else ask(q.value);
  });
  q.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      ask(q.value);
    }
  });
  q.addEventListener("input", autosize);
  $("chat-filters").addEventListener("input", chatFilters);
  $("new-chat").addEventListener("click", newChat);
}

async function start() {
  wireToken();
  wireComposer();
  wirePapers(() => state.author);
  wireProfile();
  await loadStatus();
  try {
    await loadProfile();
  } catch (err) {
    banner(err.message);
  }
  document.body.dataset.ready = "true";
  $("question").focus();
}

start();
