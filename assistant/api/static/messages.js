// The conversation's bubbles: the user's question, and an answer as it streams in, once finished, failed, or restored.
import { openPaper } from "./papers.js";
import { EVENTS, announce, authorLine, copyText, el, ownerLabel, pendingCite, readable, renderBlocks, richText } from "./render.js";

const COPY_LABEL = "Copy answer with references";

export function scrollDown(log, force) {
  if (force || log.scrollHeight - log.scrollTop - log.clientHeight < 160) log.scrollTop = log.scrollHeight;
}

const MARGIN = 12; // px kept above the answer's first line and below its last

// Keeps a new answer in view as it grows, until the user scrolls up: while it streams, the log follows its end but
// never scrolls its start out of view; once whole, as much of it as fits is shown (references and rating
// included), its start first when it is taller than the log. The log only ever moves down here.
function follower(log, node) {
  let following = true;
  let placed = log.scrollTop;
  const onScroll = () => {
    if (log.scrollTop < placed - 2) following = false; // the user scrolled up: leave the log where they put it
  };
  log.addEventListener("scroll", onScroll, { passive: true });
  return (done) => {
    if (!node.isConnected) return;
    if (following) {
      const top = log.scrollTop + node.getBoundingClientRect().top - log.getBoundingClientRect().top - MARGIN;
      const end = done ? top + node.offsetHeight + 2 * MARGIN - log.clientHeight : log.scrollHeight - log.clientHeight;
      const target = Math.max(0, Math.min(top, end));
      if (target > log.scrollTop) log.scrollTop = target;
      placed = log.scrollTop;
    }
    if (done) log.removeEventListener("scroll", onScroll);
  };
}

export function userBubble(log, text) {
  const node = el("article", { class: "msg user" }, el("p", {}, text));
  log.append(node);
  return node;
}

function referencesText(answer) {
  // The server's presenter writes the reference lines (assistant/presenter.py), as the CLI and the REPL show them.
  const lines = answer.references || answer.citations.map((c) => {
    const title = readable(c.title || `${c.display_title} (derived title)`);
    let line = `[${c.n}] ${title}${c.year ? ` (${c.year})` : ""}.`;
    if (c.authors && c.authors.length) line += ` ${authorLine(c.authors.slice(0, 3), c.authors_truncated || c.authors.length > 3).replace(/\.?$/, ".")}`;
    if (c.arxiv_id) line += ` arXiv:${c.arxiv_id} https://arxiv.org/abs/${c.arxiv_id}`;
    return line;
  });
  return readable(answer.answer).replace(/\*\*?([^*\n]+)\*\*?/g, "$1") + (lines.length ? `\n\nReferences:\n${lines.join("\n")}` : "");
}

async function copy(text, button) {
  await copyText(text);
  button.textContent = "Copied ✓";
  setTimeout(() => (button.textContent = COPY_LABEL), 1600);
}

// Fills `node` with a finished answer: text with [n] links, its references, and the actions bar.
// `context` = {author, question, messages, conversationId, key, restored}, passed on to extensions (see render.js).
function showAnswer(node, answer, context) {
  node.removeAttribute("aria-busy");
  const byN = new Map(answer.citations.map((c) => [c.n, c]));
  const cite = (n) => {
    const c = byN.get(n);
    if (!c) return null;
    return el("a", { href: `#ref-${n}`, class: "cite", dataset: { n: String(n) }, title: readable(c.title || c.display_title),
      onclick: (e) => { e.preventDefault(); openPaper(c.paper_id, c.quote); } }, `[${n}]`);
  };
  const parts = [];
  if (answer.notice) parts.push(el("p", { class: "notice", role: "note" }, answer.notice));
  // The blocks the server checked, each rendered once (a table as a real <table>); an answer stored before blocks
  // existed falls back to its markdown text.
  const body = Array.isArray(answer.blocks) && answer.blocks.length ? renderBlocks(answer.blocks, cite) : richText(answer.answer, cite);
  parts.push(el("div", { class: "answer" }, body));
  if (answer.citations.length) {
    parts.push(el("ol", { class: "refs", "aria-label": "References" }, answer.citations.map((c) =>
      el("li", {},
        el("button", { type: "button", class: "ref", onclick: () => openPaper(c.paper_id, c.quote) },
          el("span", { class: "ref-n" }, `[${c.n}]`), " ",
          el("span", { class: "ref-title" }, readable(c.title || c.display_title)),
          c.title ? null : el("span", { class: "tag derived-tag" }, "derived title"),
          c.year ? el("span", { class: "ref-year" }, ` ${c.year}`) : null),
        ownerLabel(c.is_author_work, context.author)))));
  }
  const buttons = el("div", { class: "msg-buttons" });
  // Copying makes sense only with references to copy: an answer without them is just its text (select and copy).
  if (answer.citations.length) {
    const copyButton = el("button", { type: "button", class: "ghost small copy" }, COPY_LABEL);
    copyButton.addEventListener("click", () => copy(referencesText(answer), copyButton));
    buttons.append(copyButton);
  }
  parts.push(el("div", { class: "msg-actions" }, buttons, el("span", { class: "mode" }, answer.mode === "llm" ? "LLM answer" : "extractive answer")));
  node.replaceChildren(...parts);
  // `key` (the question's key in the stored conversation, see history.js) lets feedback.js keep the rating with it.
  announce(EVENTS.answer, { node, actions: buttons, answer, question: context.question, messages: context.messages,
    conversationId: context.conversationId, key: context.key, restored: Boolean(context.restored) });
}

function showFailure(node, message, partial) {
  node.removeAttribute("aria-busy");
  node.classList.add("failed");
  node.replaceChildren(...(partial ? [el("div", { class: "answer" }, richText(partial, () => null))] : []), el("p", { class: "error-text" }, message));
}

// An answer re-shown from storage: finished, or failed with what had arrived.
export function restoredAnswer(log, message, context) {
  const node = el("article", { class: "msg assistant" });
  log.append(node);
  if (message.answer) showAnswer(node, message.answer, { ...context, restored: true });
  else showFailure(node, message.error, message.partial);
  return node;
}

// A new answer: "Searching…" until the first token, then markdown rendered as it arrives (at most once a frame),
// with [n] drawn as they will look once linked, so the finished answer replaces it without moving a line.
export function answerBubble(log) {
  const text = el("div", { class: "answer streaming" });
  const status = el("p", { class: "status" }, el("span", { class: "dots", "aria-hidden": "true" }), "Searching the papers…");
  const node = el("article", { class: "msg assistant", "aria-busy": "true" }, status, text);
  log.append(node);
  scrollDown(log, true);
  const follow = follower(log, node);
  let raw = "";
  let frame = 0;
  const draw = () => {
    frame = 0;
    text.replaceChildren(richText(raw, pendingCite, { partial: true }));
    follow(false);
  };
  const settle = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    status.remove();
  };
  return {
    node,
    get raw() {
      return raw;
    },
    token(piece) {
      if (status.isConnected) status.remove();
      raw += piece;
      if (!frame) frame = requestAnimationFrame(draw);
    },
    finish(answer, context) {
      settle();
      showAnswer(node, answer, context);
      follow(true);
    },
    fail(message) {
      settle();
      showFailure(node, message, raw);
      follow(true);
    },
  };
}
