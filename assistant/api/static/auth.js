// The access token: asked for in a dialog when the server wants one, kept in sessionStorage for this tab.
import { ApiError, token } from "./api.js";

const $ = (id) => document.getElementById(id);

let tokenWaiters = [];

export function askToken(message) {
  const dialog = $("token-dialog");
  const error = $("token-error");
  error.hidden = !message;
  error.textContent = message || "";
  $("token-input").value = "";
  if (!dialog.open) dialog.showModal();
  return new Promise((resolve) => tokenWaiters.push(resolve));
}

export function wireToken() {
  $("token-form").addEventListener("submit", () => {
    const value = $("token-input").value.trim();
    if (!value) return;
    token.set(value);
    const waiters = tokenWaiters;
    tokenWaiters = [];
    waiters.forEach((resolve) => resolve());
  });
  $("token-dialog").addEventListener("cancel", (e) => e.preventDefault()); // nothing works without it
}

// Runs fn; on a 401 asks for the token and tries again.
export async function authed(fn) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401 || attempt > 3) throw err;
      const rejected = token.get();
      token.clear();
      await askToken(rejected ? "That token was not accepted: check ASSISTANT_API_TOKEN on the server." : "");
    }
  }
}

