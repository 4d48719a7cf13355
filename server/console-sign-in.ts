// The console's sign-in page (./console-gate.ts): one field (an operator's own token, or the
// CONSOLE_TOKEN), no script, light and dark, readable on a phone. It never contains a token; `next`
// is escaped and was checked to be a console path.

/** What the sign-in page shows: where to go after, whether the last attempt failed, and who is signed in. */
export interface SignInView {
  next: string;
  failed: boolean;
  /** The name and role of this browser's session, if it has one: the page then offers to sign out. */
  signedIn?: { name: string; role: string } | null;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

const style = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
main { width: min(22rem, calc(100vw - 2rem)); }
h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
p { margin: 0 0 1rem; line-height: 1.4; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
input, button { font: inherit; width: 100%; box-sizing: border-box; padding: .6rem; border-radius: .4rem; }
input { border: 1px solid GrayText; background: Field; color: FieldText; }
button { margin-top: .75rem; border: 0; background: #3b5bdb; color: #fff; cursor: pointer; }
.error { color: #c92a2a; font-weight: 600; }
.secondary { background: transparent; color: inherit; border: 1px solid GrayText; margin: 0 0 1.5rem; }
@media (prefers-color-scheme: dark) { .error { color: #ff8787; } button { background: #5c7cfa; color: #000; } }
`;

function signedIn(view: SignInView): string {
  if (!view.signedIn) return '';
  const who = `${escapeHtml(view.signedIn.name)} (${escapeHtml(view.signedIn.role)})`;
  const manage = view.signedIn.role === 'admin' ? ' · <a href="/app/operators">Operators</a>' : '';
  return `<p class="current">Signed in as ${who}. <a href="${escapeHtml(view.next)}">Back to the console</a>${manage}</p>
<form method="post" action="/app/sign-out"><button type="submit" class="secondary">Sign out</button></form>
<p>Or sign in as someone else:</p>`;
}

/** The sign-in page's HTML. */
export function signInPage(view: SignInView): string {
  const error = view.failed
    ? '<p class="error" role="alert">That token signs nobody in here. Try again.</p>'
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>Sign in · Estate Console</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>Estate Console</h1>
<p>This console is private. Enter your operator token (<code>npm run operators</code> gave it to you), or the console token set as <code>CONSOLE_TOKEN</code>.</p>
${error}${signedIn(view)}
<form method="post" action="/app/sign-in">
<input type="hidden" name="next" value="${escapeHtml(view.next)}">
<label for="token">Operator or console token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
}
