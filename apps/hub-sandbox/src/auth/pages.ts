import type { Account } from "../store/records.js";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const styles = `body{font:15px/1.5 system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px;color:#1f2328}
h1{font-size:22px;font-weight:600}button{font:inherit;padding:6px 14px;border-radius:6px;border:1px solid #d1d9e0;background:#f6f8fa;cursor:pointer}
button.primary{background:#1f883d;color:#fff;border-color:#1a7f37}ul{list-style:none;padding:0}li{margin:8px 0}
input{font:inherit;padding:5px 8px;border:1px solid #d1d9e0;border-radius:6px;width:100%;box-sizing:border-box;margin:4px 0 10px}
.error{color:#d1242f}.muted{color:#59636e}fieldset{border:1px solid #d1d9e0;border-radius:6px;padding:12px 16px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${styles}</style></head><body>${body}</body></html>`;
}

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
}

function hiddenFields(request: AuthorizeRequest): string {
  return Object.entries({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    scope: request.scope,
  })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join("");
}

/** The consent page: sign in as any sandbox user, or make a new one, and go back to the application. */
export function authorizePage(request: AuthorizeRequest, users: readonly Account[], error?: string): string {
  const choices = users
    .map(
      (user) =>
        `<li><form method="post" action="/login/oauth/authorize">${hiddenFields(request)}<input type="hidden" name="login" value="${escapeHtml(user.login)}"><button class="primary" type="submit">Continue as ${escapeHtml(user.login)}</button>${user.name ? ` <span class="muted">${escapeHtml(user.name)}</span>` : ""}</form></li>`,
    )
    .join("");
  return page(
    "Authorize application · Hub sandbox",
    `<h1>Sign in to the hub sandbox</h1>
<p>The application <strong>${escapeHtml(request.clientId)}</strong> would like to act as you${request.scope ? ` (scopes: ${escapeHtml(request.scope)})` : ""}.</p>
<ul>${choices}</ul>
<form method="post" action="/login/oauth/authorize">${hiddenFields(request)}<fieldset><legend>Or create a sandbox user</legend>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<label>Username<input name="new_login" required pattern="[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}" autocomplete="off"></label>
<label>Name <span class="muted">(optional)</span><input name="new_name" autocomplete="off"></label>
<button type="submit">Create user and continue</button></fieldset></form>`,
  );
}

export function oauthErrorPage(message: string): string {
  return page(
    "Authorization failed · Hub sandbox",
    `<h1>Authorization failed</h1><p class="error">${escapeHtml(message)}</p>`,
  );
}
