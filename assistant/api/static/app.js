// The chat page: the conversation (kept in this browser, see history.js), streamed answers; wires the other modules.
import { getJSON, streamChat, token } from "./api.js";
import { askToken, authed, wireToken } from "./auth.js";
import { chatsOpen, render as renderChats, toggleChats, wireChats } from "./chats.js";
import * as history from "./history.js";
import { answerBubble, restoredAnswer, scrollDown, userBubble } from "./messages.js";
import { closePapers, wirePapers } from "./papers.js";
import { closeProfile, wireProfile } from "./profile.js";
import { el } from "./render.js";

const { MAX_CHARS } = history;
const $ = (id) => document.getElementById(id);
const PAGE_TITLE = document.title;

const state = {
  conversation: null, // the stored conversation shown (history.js), null for a new chat not asked yet
  author: "",
  busy: false,
  controller: null,
  stale: false, // another tab changed the shown conversation while this tab's answer was coming
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
  // The chip disappears with the welcome: the focus goes to the input, not to the page body.
  $("examples").replaceChildren(...examples.map((q) => el("button", { type: "button", class: "chip", onclick: () => {
    ask(q);
    $("question").focus();
  } }, q)));
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

// Writes to the browser's storage; says so when older chats had to make room, or when nothing could be kept.
function store(write) {
  try {
    const { conversation, removed } = write();
    if (removed.length) banner(`This browser's storage was full: ${removed.length === 1 ? `the oldest chat, “${removed[0]}”, was` : `the ${removed.length} oldest chats were`} removed to make room.`);
    return conversation;
  } catch (err) {
    banner(err.message);
    return null;
  }
}

function showTitle() {
  document.title = state.conversation ? `${state.conversation.title} · ${PAGE_TITLE}` : PAGE_TITLE;
}

// Draws a stored conversation: each answer with its references and working [n] cards, as when it was given.
function showConversation(c) {
  const log = $("log");
  log.replaceChildren($("welcome"));
  $("welcome").hidden = Boolean(c && c.messages.length);
  if (c) {
    c.messages.forEach((m, i) => {
      if (m.role === "user") {
        userBubble(log, m.content);
        if (i === c.messages.length - 1 || c.messages[i + 1].role !== "assistant") {
          restoredAnswer(log, { error: "No answer was kept for this question: the page was closed before it arrived (or another tab is still writing it)." }, {});
        }
        return;
      }
      const question = c.messages[i - 1] && c.messages[i - 1].role === "user" ? c.messages[i - 1].content : "";
      const key = c.messages[i - 1] && c.messages[i - 1].role === "user" ? c.messages[i - 1].key : undefined;
      restoredAnswer(log, m, { author: state.author, question, messages: history.serverMessages(c.messages.slice(0, i - 1), question), conversationId: c.id, key });
    });
  }
  showTitle();
  scrollDown(log, true);
}

function stopAnswer() {
  if (state.controller) state.controller.abort();
  state.controller = null;
  setBusy(false);
}

function openConversation(id) {
  const c = history.load(id);
  if (!c) {
    renderChats();
    return;
  }
  stopAnswer();
  banner("");
  state.conversation = c;
  history.current.set(c.id);
  showConversation(c);
  renderChats();
  $("question").focus();
}

function setBusy(busy) {
  state.busy = busy;
  const send = $("send");
  send.textContent = busy ? "Stop" : "Send";
  send.classList.toggle("stop", busy);
  send.setAttribute("aria-label", busy ? "Stop the answer" : "Send the question");
}

async function ask(question) {
  const text = question.trim();
  if (!text || state.busy) return;
  if (text.length > MAX_CHARS) {
    banner(`Your question is ${text.length} characters; the limit is ${MAX_CHARS}. Shorten it.`);
    return;
  }
  banner("");
  const log = $("log");
  $("welcome").hidden = true;
  userBubble(log, text);
  $("question").value = "";
  autosize();
  // The conversation as stored now (another tab may have added to it), so a follow-up after a reload has its context.
  const id = state.conversation ? state.conversation.id : history.newId();
  const known = history.load(id) || state.conversation;
  const messages = history.serverMessages(known ? known.messages : [], text);
  const key = history.newId();
  const asked = { role: "user", content: text, key };
  // When the browser keeps nothing (storage refused), the conversation lives on in the page, as it did before storage.
  state.conversation = store(() => history.ask(id, asked))
    || { v: 1, id, title: known ? known.title : history.titleOf(text), created: Date.now(), updated: Date.now(), messages: [...(known ? known.messages : []), asked] };
  history.current.set(id);
  showTitle();
  renderChats();
  // Stores the outcome; true when the conversation was redrawn from storage (another tab asked here meanwhile:
  // each answer is then drawn under its own question), so the bubble is no longer the one to fill.
  const keep = (message) => {
    const c = store(() => history.reply(id, key, message));
    let redrawn = false;
    if (state.conversation && state.conversation.id === id) {
      if (c) {
        redrawn = state.stale;
        state.conversation = c;
        if (redrawn) showConversation(c);
      } else if (!history.load(id)) {
        state.conversation.messages.push(message); // not stored: kept in the page
      }
    }
    state.stale = false;
    renderChats();
    return redrawn;
  };
  const bubble = answerBubble(log);
  state.stale = false;
  setBusy(true);
  const controller = new AbortController();
  state.controller = controller;
  try {
    const answer = await authed(() => streamChat(messages, chatFilters(), { onToken: bubble.token, signal: controller.signal }));
    if (!keep({ role: "assistant", answer }) && bubble.node.isConnected) {
      bubble.finish(answer, { author: state.author, question: text, messages, conversationId: id, key, restored: false });
    }
  } catch (err) {
    const message = err.name === "AbortError" ? "Stopped before the answer was complete." : err.message || String(err);
    if (!keep({ role: "assistant", error: message, partial: bubble.raw }) && bubble.node.isConnected) bubble.fail(message);
  } finally {
    if (state.controller === controller) {
      state.controller = null;
      setBusy(false);
    }
  }
}

function newChat() {
  stopAnswer();
  state.conversation = null;
  history.current.set(null);
  showConversation(null);
  banner("");
  renderChats();
  $("question").focus();
}

// Another tab changed conversation `id` (null: all of them): redraw the list, and the conversation shown if it was that one.
function otherTabChanged(id) {
  renderChats();
  const shown = state.conversation;
  if (!shown || (id !== null && id !== shown.id)) return;
  const c = history.load(shown.id);
  if (!c) {
    newChat();
    banner("The chat you had open was deleted in another tab.");
  } else if (state.busy) {
    state.conversation = c; // this tab's answer is still coming: the page is redrawn once it is stored
    state.stale = true;
  } else {
    const grew = c.messages.length !== shown.messages.length;
    state.conversation = c;
    if (grew) showConversation(c);
    else showTitle();
  }
}

// Esc closes what is on top: a dialog closes itself; then a side panel, and the focus returns to its button.
function onEscape(e) {
  if (e.key !== "Escape" || e.defaultPrevented || e.isComposing || document.querySelector("dialog[open]")) return;
  if (e.target.matches && e.target.matches("input[type=search]") && e.target.value) return; // Esc first clears the search
  const inChats = $("chats-panel").contains(document.activeElement);
  const phone = window.matchMedia("(max-width: 760px)").matches;
  const panels = [
    ["profile-panel", "profile-button", closeProfile],
    ["papers-panel", "papers-button", closePapers],
    // On a wide screen the chats list is a sidebar beside the chat: Esc closes it only from inside it.
    ["chats-panel", "chats-button", () => toggleChats(false), phone || inChats],
  ];
  if (inChats) panels.unshift(panels.pop());
  for (const [panel, button, close, allowed = true] of panels) {
    if ($(panel).hidden || !allowed) continue;
    e.preventDefault();
    close();
    $(button).focus();
    return;
  }
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
    if (state.busy) state.controller?.abort();
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
  $("new-chat").addEventListener("click", () => {
    newChat();
    if (window.matchMedia("(max-width: 760px)").matches && chatsOpen()) toggleChats(false);
  });
  document.addEventListener("keydown", onEscape);
}

async function start() {
  wireToken();
  wireComposer();
  wirePapers(() => state.author);
  wireProfile();
  wireChats({ current: () => (state.conversation ? state.conversation.id : null), open: openConversation, deleted: (id) => {
    if (state.conversation && state.conversation.id === id) newChat();
  } });
  history.watch(otherTabChanged);
  await loadStatus();
  try {
    await loadProfile();
  } catch (err) {
    banner(err.message);
  }
  // After the profile, so the restored references know whose papers are the author's.
  const restored = history.current.get() && history.load(history.current.get());
  if (restored) {
    state.conversation = restored;
    showConversation(restored);
    renderChats();
  }
  document.body.dataset.ready = "true";
  $("question").focus();
}

start();
