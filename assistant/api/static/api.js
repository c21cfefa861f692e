// Talks to the server: bearer token from sessionStorage, JSON errors, and SSE parsing over fetch streams.

const TOKEN_KEY = "paper-assistant.token";

export class ApiError extends Error {
  constructor(status, message, type) {
    super(message);
    this.status = status;
    this.type = type;
  }
}

export const token = {
  get: () => sessionStorage.getItem(TOKEN_KEY) || "",
  set: (value) => sessionStorage.setItem(TOKEN_KEY, value),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

function headers(extra = {}) {
  const h = { Accept: "application/json", ...extra };
  const t = token.get();
  if (t) h.Authorization = `Bearer ${t}`;
  return h;
}

async function failure(response) {
  let message = `The server answered ${response.status} ${response.statusText}.`;
  let type = "http_error";
  try {
    const body = await response.json();
    if (body && body.error && body.error.message) {
      message = body.error.message;
      type = body.error.type || type;
    }
  } catch (_) {
    // not JSON: keep the status line
  }
  return new ApiError(response.status, message, type);
}

export async function getJSON(path, params = {}) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== "") query.set(k, String(v));
  }
  const url = query.toString() ? `${path}?${query}` : path;
  let response;
  try {
    response = await fetch(url, { headers: headers() });
  } catch (err) {
    throw new ApiError(0, "Cannot reach the server: is `assistant serve` still running?", "network");
  }
  if (!response.ok && !(path === "/healthz" && response.status === 503)) throw await failure(response);
  return response.json();
}

// Parses a text/event-stream body into {event, data} objects (data JSON-decoded when it can be).
export async function* readEvents(response) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer = (buffer + value).replace(/\r\n?/g, "\n");
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (!line || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        let val = colon < 0 ? "" : line.slice(colon + 1);
        if (val.startsWith(" ")) val = val.slice(1);
        if (field === "event") event = val;
        else if (field === "data") data.push(val);
      }
      if (!data.length) continue;
      const text = data.join("\n");
      let parsed = text;
      try {
        parsed = JSON.parse(text);
      } catch (_) {
        // plain text data
      }
      yield { event, data: parsed };
    }
  }
}

// POST /api/chat with stream=true; calls onToken(text) as tokens arrive and resolves with the final answer.
export async function streamChat(messages, filters, { onToken, signal }) {
  let response;
  try {
    response = await fetch("/api/chat", {
      method: "POST",
      headers: headers({ "Content-Type": "application/json", Accept: "text/event-stream" }),
      body: JSON.stringify({ messages, filters, stream: true }),
      signal,
    });
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiError(0, "Cannot reach the server: is `assistant serve` still running?", "network");
  }
  if (!response.ok) throw await failure(response);
  let final = null;
  for await (const { event, data } of readEvents(response)) {
    if (event === "token") onToken(data.text || "");
    else if (event === "citations") final = data;
    else if (event === "error") throw new ApiError(500, (data.error && data.error.message) || "The answer failed.", "stream");
    else if (event === "done") break;
  }
  if (!final) throw new ApiError(500, "The answer stopped before it was complete: try again.", "stream");
  return final;
}
