// Thumbs up/down and an optional comment under each answer, sent to POST /api/feedback.
// Loaded on its own; it hears of each rendered answer through render.js's "paper-assistant:answer" event,
// so it needs nothing else from app.js.
import { ApiError, token } from "./api.js";
import { authed } from "./auth.js";
import { rate, ratingOf } from "./history.js";
import { el } from "./render.js";

const MAX_COMMENT = 2000;
// Thumb outlines from Feather icons (MIT), drawn as SVG: emoji fonts are missing on many systems (and in headless Chromium).
const THUMBS = {
  up: "M14 9V5a3 3 0 0 0-3-3l-4 9v11h11.28a2 2 0 0 0 2-1.7l1.38-9a2 2 0 0 0-2-2.3zM7 22H4a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2h3",
  down: "M10 15v4a3 3 0 0 0 3 3l4-9V2H5.72a2 2 0 0 0-2 1.7l-1.38 9a2 2 0 0 0 2 2.3zm7-13h2.67A2.31 2.31 0 0 1 22 4v7a2.31 2.31 0 0 1-2.33 2H17",
};
const SVG = "http://www.w3.org/2000/svg";

function thumb(direction) {
  const svg = document.createElementNS(SVG, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 24 24", width: "16", height: "16", fill: "none", stroke: "currentColor", "stroke-width": "2",
    "stroke-linecap": "round", "stroke-linejoin": "round", "aria-hidden": "true" })) svg.setAttribute(k, v);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", THUMBS[direction]);
  svg.append(path);
  return svg;
}

(function styles() {
  // The CSP allows stylesheets from this origin only; the feedback styles travel with this module.
  if (document.querySelector('link[href="/static/feedback.css"]')) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/feedback.css" }));
})();

async function send(body) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (token.get()) headers.Authorization = `Bearer ${token.get()}`;
  let response;
  try {
    response = await fetch("/api/feedback", { method: "POST", headers, body: JSON.stringify(body) });
  } catch (_) {
    throw new ApiError(0, "Cannot reach the server: is `assistant serve` still running?", "network");
  }
  if (!response.ok) {
    let message = `The server answered ${response.status}.`;
    try {
      const data = await response.json();
      if (data && data.error && data.error.message) message = data.error.message;
    } catch (_) {
      // not JSON: keep the status
    }
    throw new ApiError(response.status, message, "feedback");
  }
  return response.json();
}

const SAID = { up: "Thanks: rated good.", down: "Thanks: rated bad. It helps fix answers like this." };
const PRESSED_TITLE = { up: "You rated this good: click again to withdraw", down: "You rated this bad: click again to withdraw" };

// The rating is kept with the conversation (history.js), so a reload shows it pressed. A click on the other thumb
// changes it, a click on the pressed one withdraws it; either way the server is sent the same `answer_id`, and its
// log keeps only the last rating of an answer (assistant/feedback.py).
function controls({ question, history, answer, conversationId, key }) {
  const box = el("div", { class: "feedback", role: "group", "aria-label": "Rate this answer" });
  const up = el("button", { type: "button", class: "ghost small thumb", "aria-label": "Good answer", "aria-pressed": "false", title: "Good answer" }, thumb("up"));
  const down = el("button", { type: "button", class: "ghost small thumb", "aria-label": "Bad answer", "aria-pressed": "false", title: "Bad answer" }, thumb("down"));
  const comment = el("textarea", { class: "feedback-comment", rows: "2", maxlength: String(MAX_COMMENT), "aria-label": "Comment (optional)" });
  const submit = el("button", { type: "submit", class: "primary small" }, "Send feedback");
  const cancel = el("button", { type: "button", class: "ghost small" }, "Cancel");
  const status = el("p", { class: "feedback-status", role: "status" });
  const form = el("form", { class: "feedback-form", hidden: true }, comment, el("div", { class: "feedback-buttons" }, submit, cancel));
  const kept = Boolean(conversationId && key); // an answer not stored (storage refused) is rated for this page only
  const answerId = kept ? `${conversationId}:${key}` : null;
  let given = kept ? ratingOf(conversationId, key) : null; // the rating the server has
  let rating = null; // the one being chosen, its form open

  function press(value) {
    for (const [button, v] of [[up, "up"], [down, "down"]]) {
      button.setAttribute("aria-pressed", String(value === v));
      button.title = value === v && value === given ? PRESSED_TITLE[v] : button.getAttribute("aria-label");
    }
  }
  function keep(value) {
    given = value;
    if (!kept) return;
    try {
      rate(conversationId, key, value);
    } catch (_) {
      // storage full or refused: the server has the rating; this page just will not show it after a reload
    }
  }
  function say(text, ok) {
    status.textContent = text;
    status.classList.toggle("done", ok);
    status.classList.toggle("error-text", !ok);
  }
  function body(value) {
    const out = { rating: value, question, history, answer: answer.answer, citations: answer.citations, mode: answer.mode, source: "web" };
    if (answerId) out.answer_id = answerId;
    return out;
  }
  function choose(value) {
    rating = value;
    press(value);
    comment.placeholder = value === "up" ? "What was good? (optional)" : "What was wrong or missing? (optional)";
    form.hidden = false;
    status.textContent = "";
    comment.focus();
  }
  async function withdraw() {
    up.disabled = down.disabled = true;
    try {
      await authed(() => send(body("none")));
      keep(null);
      press(null);
      say("Rating withdrawn.", true);
    } catch (err) {
      say(err.message || String(err), false);
    } finally {
      up.disabled = down.disabled = false;
    }
  }
  function click(value) {
    if (value === given && form.hidden && answerId) withdraw();
    else choose(value);
  }
  up.addEventListener("click", () => click("up"));
  down.addEventListener("click", () => click("down"));
  cancel.addEventListener("click", () => {
    rating = null;
    form.hidden = true;
    press(given);
  });
  form.addEventListener("keydown", (e) => {
    if (e.key === "Escape") cancel.click();
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!rating) return;
    submit.disabled = true;
    const sent = body(rating);
    const text = comment.value.trim();
    if (text) sent.comment = text;
    try {
      await authed(() => send(sent));
      keep(rating);
      form.hidden = true;
      comment.value = "";
      press(rating);
      say(SAID[rating], true);
      rating = null;
    } catch (err) {
      say(err.message || String(err), false);
    } finally {
      submit.disabled = false;
    }
  });
  press(given);
  box.append(el("span", { class: "feedback-label" }, "Helpful?"), up, down, form, status);
  return box;
}

// "paper-assistant:answer" is render.js's extension event (see the top of render.js): detail.node is the answer's
// bubble, detail.messages the messages sent for it (the question last); restored answers get controls too.
document.addEventListener("paper-assistant:answer", (e) => {
  const detail = e.detail || {};
  const node = detail.node;
  if (!(node instanceof Element) || !detail.answer || node.querySelector(".feedback")) return;
  const history = Array.isArray(detail.messages) ? detail.messages.slice(0, -1) : [];
  const box = controls({ question: detail.question, history, answer: detail.answer, conversationId: detail.conversationId, key: detail.key });
  const actions = node.querySelector(".msg-actions");
  if (actions) actions.after(box);
  else node.append(box);
});
