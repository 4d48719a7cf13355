// What the try-it panel refuses to send: a live (production) key. Try it creates orders, and with a
// live key they would be real; the panel is for test mode, so it stops before the request leaves.
// And what it says when the demo key it would fill in no longer works on this server.

/** Why a key must not be sent from the try-it panel, or null when it may be. */
export function refusedKey(key: string): string | null {
  if (/^sk_live_/.test(key.trim()))
    return 'Not sent: this is a live (production) key, and Try it creates real orders with it. Use a sandbox key (sk_test_…), such as the demo key.';
  return null;
}

/** The console page of a logged request, from the answer's Request-Id header; null without a valid one. */
export function logLinkOf(requestId: string | null): string | null {
  return requestId !== null && /^req_[A-Za-z0-9]{1,64}$/.test(requestId)
    ? `/app/api/logs/${requestId}`
    : null;
}

/** A key's status as the running server applies it (the part of a live fragment's payload read here). */
export interface DemoKeyStatus {
  status: string;
  title: string;
}

/** Why the demo key is not filled in and how to restore it; null while the key works. */
export function deadDemoKeyHint(keyId: string, demo: DemoKeyStatus): string | null {
  if (demo.status !== 'revoked' && demo.status !== 'rotated') return null;
  return `The demo key (${keyId}) is ${demo.status} on this server (${demo.title}), so it is not filled in: npm run keys:restore-demo brings it back. Meanwhile, paste a sandbox key of your own (npm run keys:issue).`;
}
