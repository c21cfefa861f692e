// Turns corpus and model text into DOM nodes: LaTeX made readable, markdown (also while it streams), [n] markers as links.
// Never innerHTML: every string from the corpus, the model or the user becomes a text node.
//
// Extension points, for small modules added beside these (export, feedback, adding papers). Each is a CustomEvent on
// `document`, dispatched once its node is in the page, so a listener can append to `detail.actions`:
//   "paper-assistant:answer"       an answer was shown (streamed in, or restored from the browser's storage).
//       detail = {node, actions, answer, question, messages, conversationId, restored}
//       node: the <article class="msg assistant">; actions: the <div class="msg-buttons"> beside "Copy answer…", where
//       buttons go; answer: {answer, citations: [Citation], mode, notice} as /api/chat sent it; question: the user's
//       question; messages: the conversation sent with it ([{role, content}], the question last); restored: boolean.
//   "paper-assistant:paper-card"   a paper card was filled.  detail = {node, actions, paper, quote}
//       node: #card-body; actions: its <div class="card-actions"> under the title; paper: the PaperDetail of /api/papers/{id}.
//   "paper-assistant:papers-list"  the papers panel's list was (re)loaded.  detail = {node, actions, query, count, papers}
//       actions: #papers-actions in the panel's head (it stays: add your button once); query: the /api/papers
//       parameters of the list shown ({author_only, year_from, year_to, text}, empty ones left out); papers: PaperSummary[].
// And one the page listens for: dispatch "paper-assistant:papers-changed" on `document` after the corpus changed, and
// the papers panel reloads and the profile is fetched again when next opened.
// A new module is added with <script type="module" src="/static/NAME.js"> in index.html, before app.js, so it listens
// before a restored conversation is shown. A listener that throws is reported in the console and stops nothing else.
export const EVENTS = {
  answer: "paper-assistant:answer",
  paperCard: "paper-assistant:paper-card",
  papersList: "paper-assistant:papers-list",
  papersChanged: "paper-assistant:papers-changed",
};

export function announce(name, detail) {
  document.dispatchEvent(new CustomEvent(name, { detail }));
}

// el("p", {class: "x"}, "text", child) — every string becomes a text node.
// Puts text on the clipboard; where the Clipboard API is refused (plain http on another host), a hidden textarea does it.
export async function copyText(text) {
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

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// --- LaTeX fragments → plain readable text --------------------------------------------------------
const SYMBOLS = {
  times: "×", cdot: "·", approx: "≈", sim: "∼", simeq: "≃", propto: "∝", leq: "≤", le: "≤", geq: "≥", ge: "≥",
  neq: "≠", ne: "≠", ll: "≪", gg: "≫", pm: "±", mp: "∓", div: "÷", to: "→", rightarrow: "→", leftarrow: "←",
  Rightarrow: "⇒", Leftarrow: "⇐", leftrightarrow: "↔", uparrow: "↑", downarrow: "↓", infty: "∞", partial: "∂",
  nabla: "∇", sum: "∑", prod: "∏", int: "∫", in: "∈", notin: "∉", subset: "⊂", subseteq: "⊆", cup: "∪", cap: "∩",
  forall: "∀", exists: "∃", emptyset: "∅", ldots: "…", dots: "…", cdots: "⋯", prime: "′", circ: "∘", star: "⋆",
  alpha: "α", beta: "β", gamma: "γ", Gamma: "Γ", delta: "δ", Delta: "Δ", epsilon: "ε", varepsilon: "ε", zeta: "ζ",
  eta: "η", theta: "θ", Theta: "Θ", kappa: "κ", lambda: "λ", Lambda: "Λ", mu: "μ", nu: "ν", xi: "ξ", pi: "π", Pi: "Π",
  rho: "ρ", sigma: "σ", Sigma: "Σ", tau: "τ", phi: "φ", varphi: "φ", Phi: "Φ", chi: "χ", psi: "ψ", Psi: "Ψ",
  omega: "ω", Omega: "Ω", ell: "ℓ", log: "log", ln: "ln", exp: "exp", max: "max", min: "min", sqrt: "√",
  textasciitilde: "~", textendash: "–", textemdash: "—", textbar: "|", LaTeX: "LaTeX", TeX: "TeX",
  quad: " ", qquad: " ", em: "", it: "", bf: "", rm: "", left: "", right: "", big: "", Big: "", displaystyle: "",
};
const WRAPPERS = "textbf|textit|textsl|emph|textrm|texttt|textsf|textsc|textup|textnormal|mathrm|mathbf|mathit|mathsf|mathtt|mathcal|mathbb|mathfrak|boldsymbol|bm|text|mbox|operatorname|underline|overline|hat|bar|tilde|vec";
const WRAP = new RegExp(`\\\\(?:${WRAPPERS})\\s*\\{([^{}]*)\\}`, "g");
const SUP = { 0: "⁰", 1: "¹", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶", 7: "⁷", 8: "⁸", 9: "⁹", "+": "⁺", "-": "⁻", "=": "⁼", "(": "⁽", ")": "⁾", n: "ⁿ", i: "ⁱ", T: "ᵀ" };
const SUB = { 0: "₀", 1: "₁", 2: "₂", 3: "₃", 4: "₄", 5: "₅", 6: "₆", 7: "₇", 8: "₈", 9: "₉", "+": "₊", "-": "₋", "=": "₌", "(": "₍", ")": "₎" };

function script(body, table, mark) {
  const chars = [...body];
  return chars.every((c) => c in table) ? chars.map((c) => table[c]).join("") : `${mark}${body}`;
}

function math(body) {
  let s = body;
  s = s.replace(/\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, "$1/$2");
  s = s.replace(/\\sqrt\s*\{([^{}]*)\}/g, "√$1");
  s = s.replace(/\^\{([^{}]*)\}/g, (_, b) => script(b, SUP, "^"));
  s = s.replace(/_\{([^{}]*)\}/g, (_, b) => script(b, SUB, "_"));
  s = s.replace(/\^([0-9A-Za-z+-])/g, (_, b) => script(b, SUP, "^"));
  s = s.replace(/_([0-9])/g, (_, b) => script(b, SUB, "_"));
  return s.replace(/[{}]/g, "");
}

export function readable(text) {
  let s = String(text ?? "");
  if (!/[\\$`']/.test(s)) return s;
  // Escaped specials first, parked so `\$` does not open math.
  s = s.replace(/\\\$/g, "\u0001").replace(/\\([%&#_{}])/g, "$1");
  for (let i = 0; i < 6; i++) {
    const next = s.replace(WRAP, "$1");
    if (next === s) break;
    s = next;
  }
  s = s.replace(/\$\$([^$]+)\$\$/g, (_, b) => math(b)).replace(/\$(?!\s)([^$]{1,200}?)(?<!\s)\$/g, (_, b) => math(b));
  s = s.replace(/\\([A-Za-z]+)(\{\})?/g, (whole, name) => (name in SYMBOLS ? SYMBOLS[name] : name));
  s = s.replace(/\\\\/g, " ").replace(/\\[,;:! ]/g, " ").replace(/\\(?=\s|$)/g, "");
  s = s.replace(/``/g, "“").replace(/''/g, "”");
  s = s.replace(/\u0001/g, "$");
  return s.replace(/[ \t]{2,}/g, " ");
}

// --- answers ---------------------------------------------------------------------------------------
const INLINE = /(\*\*[^*\n]+\*\*|\*[^*\s][^*\n]*?\*|\[\d{1,3}(?:\s*,\s*\d{1,3})*\])/g;

function inline(text, cite) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const token = m[0];
    if (token.startsWith("**")) out.push(el("strong", {}, inline(token.slice(2, -2), cite)));
    else if (token.startsWith("*")) out.push(el("em", {}, inline(token.slice(1, -1), cite)));
    else out.push(...markers(token, cite));
    last = m.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function markers(token, cite) {
  const numbers = token.slice(1, -1).split(",").map((n) => Number(n.trim()));
  const links = numbers.map((n) => cite(n));
  return links.some((l) => !l) ? [token] : links;
}

// What of a half-arrived answer can be shown as it will end up: a marker still arriving at the very end ("[1", "- ",
// "\\tim", a lone "*") is held back, and emphasis opened on the last line is closed for now, so no raw `**` flashes.
export function settled(text) {
  let s = text.replace(/\[[\d,\s]*$/, "").replace(/\\[A-Za-z]*$/, "").replace(/(^|\n)[ \t]*(?:[-*•]|\d+[.)]?)[ \t]*$/, "$1");
  s = s.replace(/\*+$/, "");
  const line = s.slice(s.lastIndexOf("\n") + 1);
  const body = line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, (m) => " ".repeat(m.length)); // a list bullet is no emphasis
  const bolds = [...body.matchAll(/\*\*/g)].map((m) => m.index);
  // A single * touching a word opens or closes emphasis; one between spaces ("2 * 3") does neither.
  const singles = [...body.replace(/\*\*/g, "  ").matchAll(/(?<=\S)\*|\*(?=\S)/g)].map((m) => m.index);
  const closers = [];
  if (bolds.length % 2) closers.push([bolds[bolds.length - 1], "**"]);
  if (singles.length % 2) closers.push([singles[singles.length - 1], "*"]);
  closers.sort((a, b) => b[0] - a[0]); // the last opened closes first
  return s.replace(/\s+$/, "") + closers.map((c) => c[1]).join("");
}

// The answer as paragraphs and lists; `cite(n)` returns the node for marker n (or null: left as text).
// With `partial`, the text is an answer still streaming: see settled(); a caret marks where it grows.
export function richText(text, cite, { partial = false } = {}) {
  const frag = document.createDocumentFragment();
  const blocks = readable(partial ? settled(text) : text).split(/\n{2,}/);
  let lastBlock = null;
  for (const block of blocks) {
    const lines = block.split("\n").filter((l) => l.trim());
    let list = null;
    let para = null;
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k];
      if (ROW.test(line) && k + 1 < lines.length && RULE.test(lines[k + 1])) {
        const header = cellsOf(line);
        const rows = [];
        for (k += 2; k < lines.length && ROW.test(lines[k]); k++) rows.push(cellsOf(lines[k]).slice(0, header.length));
        k--;
        lastBlock = table(header.map((h) => inline(h, cite)), rows.map((r) => r.map((c) => inline(c, cite))));
        frag.append(lastBlock);
        list = para = null;
        continue;
      }
      const item = line.match(/^\s*(?:[-*•]|\d+[.)])\s+(.*)$/);
      if (item) {
        if (!list) {
          list = el(/^\s*\d/.test(line) ? "ol" : "ul");
          frag.append(list);
        }
        lastBlock = el("li", {}, inline(item[1], cite));
        list.append(lastBlock);
        para = null;
      } else {
        list = null;
        if (para) para.append(el("br"));
        else {
          para = el("p");
          frag.append(para);
        }
        append(para, inline(line, cite));
        lastBlock = para;
      }
    }
  }
  if (partial) {
    // Zero width, so the caret never wraps a line that the finished answer would not wrap.
    const caret = el("span", { class: "caret", "aria-hidden": "true" });
    if (lastBlock) lastBlock.append(caret);
    else frag.append(el("p", {}, caret));
  }
  return frag;
}

// A checked answer's blocks (paragraph, list, table of claims), each rendered once; `cite(n)` as for richText.
export function renderBlocks(blocks, cite) {
  const frag = document.createDocumentFragment();
  const claims = (list) => inline(readable((list || []).map((c) => c.text).join(" ")), cite);
  for (const block of blocks) {
    if (block.type === "paragraph") frag.append(el("p", {}, claims(block.claims)));
    else if (block.type === "list") frag.append(el(block.ordered ? "ol" : "ul", {}, block.items.map((item) => el("li", {}, claims(item)))));
    else if (block.type === "table") frag.append(table(block.header.map((h) => inline(readable(h), cite)), block.rows.map((row) => row.map(claims))));
  }
  return frag;
}

// A grid: the first column labels its row (a <th scope="row">) when the header's first cell is empty or a label.
function table(header, rows) {
  const head = el("thead", {}, el("tr", {}, header.map((h) => el("th", { scope: "col" }, h))));
  const body = el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((c, i) => (i === 0 ? el("th", { scope: "row" }, c) : el("td", {}, c))))));
  return el("div", { class: "table-wrap" }, el("table", { class: "answer-table" }, head, body));
}

const ROW = /^\s*\|.*\|\s*$/;
const RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const cellsOf = (line) => line.trim().replace(/^\|/, "").replace(/(?<!\\)\|$/, "").split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));

// A [n] marker while the answer streams: looks like the link it becomes once the citations arrive.
export const pendingCite = (n) => el("span", { class: "cite pending" }, `[${n}]`);

// Small line icons (24-unit viewBox paths), drawn in the text colour.
const ICONS = {
  pencil: "M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  chats: "M4 5h16v11H9l-5 4z",
};

export function icon(name) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "icon-svg");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

// --- papers ------------------------------------------------------------------------------------------
export function authorLine(authors, truncated) {
  if (!authors || !authors.length) return truncated ? "et al." : "Authors not listed";
  return authors.join(", ") + (truncated ? " et al." : "");
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function dateLine(date, precision) {
  if (!date) return "";
  const [y, m, d] = date.split("-");
  if (precision === "day" && d) return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
  if ((precision === "month" || precision === "day") && m) return `${MONTHS[Number(m) - 1]} ${y}`;
  return y;
}

export function ownerLabel(isAuthorWork, author) {
  return isAuthorWork
    ? el("span", { class: "tag own" }, author ? `${author}'s paper` : "author's paper")
    : el("span", { class: "tag other" }, "other group's paper");
}

export function titleNodes(title, displayTitle, level = "h2", id) {
  if (title) return el(level, { class: "paper-title", id }, readable(title));
  return el(level, { class: "paper-title derived", id }, readable(displayTitle), " ",
    el("span", { class: "tag derived-tag", title: "No source gives this paper a title: this one is derived from its arXiv id or abstract." }, "derived title"));
}

// A quote from an answer has its HTML tags broken by a zero-width space (text.py escape_tags); the abstract does not.
const norm = (s) => s.replace(/\u200b/g, "").replace(/\s+/g, " ").trim();

// The abstract as a paragraph with the quoted sentence in <mark>; null when the quote is not in it.
export function highlighted(abstract, quote) {
  const text = norm(readable(abstract));
  const q = norm(readable(quote || ""));
  if (!q) return { node: el("p", { class: "abstract" }, text), found: false };
  let at = text.indexOf(q);
  let len = q.length;
  if (at < 0) {
    const head = q.replace(/[.\s]+$/, "").slice(0, 80);
    at = head.length > 20 ? text.indexOf(head) : -1;
    if (at >= 0) {
      const stop = text.indexOf(". ", at + head.length);
      len = (stop < 0 ? text.length : stop + 1) - at;
    }
  }
  if (at < 0) return { node: el("p", { class: "abstract" }, text), found: false };
  return {
    node: el("p", { class: "abstract" }, text.slice(0, at), el("mark", {}, text.slice(at, at + len)), text.slice(at + len)),
    found: true,
  };
}

export function paperCard(paper, { quote, author, onClose }) {
  const meta = [];
  const date = dateLine(paper.date, paper.date_precision);
  if (date) meta.push(el("span", {}, date));
  if (paper.arxiv_id) {
    meta.push(el("a", { href: paper.arxiv_url || `https://arxiv.org/abs/${encodeURIComponent(paper.arxiv_id)}`, target: "_blank", rel: "noopener noreferrer" }, `arXiv:${paper.arxiv_id}`));
  }
  if (paper.venue && paper.venue !== "arXiv") meta.push(el("span", { class: "venue" }, paper.venue));
  if (paper.doi) meta.push(el("a", { href: paper.doi_url || `https://doi.org/${encodeURIComponent(paper.doi)}`, target: "_blank", rel: "noopener noreferrer" }, `doi:${paper.doi}`));
  if (paper.categories && paper.categories.length) meta.push(el("span", {}, paper.categories.join(" · ")));
  if (paper.has_code) meta.push(el("span", {}, "code available"));

  const abstracts = [paper.abstract, ...(paper.other_abstracts || [])].filter(Boolean);
  let shown = null;
  let found = false;
  for (const a of abstracts) {
    const h = highlighted(a, quote);
    if (h.found || !shown) shown = h.node;
    if (h.found) {
      found = true;
      break;
    }
  }
  const body = [
    el("div", { class: "card-head" }, ownerLabel(paper.is_author_work, author),
      el("button", { type: "button", class: "icon", "aria-label": "Close the paper card", onclick: onClose }, "✕")),
    titleNodes(paper.title, paper.display_title, "h2", "card-title"),
    el("p", { class: "authors" }, authorLine(paper.authors, paper.authors_truncated)),
    meta.length ? el("p", { class: "meta" }, meta.flatMap((m, i) => (i ? [el("span", { class: "dot", "aria-hidden": "true" }, "·"), m] : [m]))) : null,
    el("div", { class: "card-actions" }), // empty unless an extension adds to it (see EVENTS.paperCard)
  ];
  if (quote && !found) body.push(el("blockquote", { class: "quote" }, el("span", { class: "quote-label" }, "Cited passage: "), readable(quote)));
  body.push(el("h3", {}, "Abstract"), shown || el("p", { class: "abstract muted" }, "No abstract in the sources."));
  if (abstracts.length > 1) {
    body.push(el("details", { class: "more" }, el("summary", {}, `Other sources' abstracts (${abstracts.length - 1})`),
      abstracts.filter((a) => a !== paper.abstract).map((a) => el("p", { class: "abstract" }, readable(a)))));
  }
  if (paper.sources && paper.sources.length) {
    body.push(el("details", { class: "more" }, el("summary", {}, `Sources (${paper.sources.length})`),
      el("ul", {}, paper.sources.map((s) => el("li", {}, `${s.file}, line ${s.line} (${s.shape})`))),
      paper.notes && paper.notes.length ? el("ul", { class: "notes" }, paper.notes.map((n) => el("li", {}, n))) : null));
  }
  return body;
}
