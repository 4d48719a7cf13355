// Preview tokens: what a dry run hands back and applying needs, so what is confirmed is exactly
// what was previewed. An HMAC over the action, the target, the parameters and the target's version
// (the trail's seq of the last change to it), prefixed by that version: a token whose parameters
// differ is a mismatch (422), one whose target changed since is stale (412). A create has no target
// yet: its version is a random nonce, which names what it makes (changeId), so its token applies
// once (the second apply finds the id held) and no other change stales it.

/** Keyed hash (HMAC-SHA-256, base64url) with the deployment's secret. */
export type Hmac = (text: string) => string;

/** What a token binds. */
export interface PreviewSubject {
  action: string;
  target: string;
  /** The change's parameters, without dry_run and preview_token. */
  params: Record<string, unknown>;
}

/** JSON with object members sorted, so equal parameters give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const macOf = (hmac: Hmac, subject: PreviewSubject, version: number) =>
  hmac(canonicalJson([subject.action, subject.target, subject.params, version]));

/** The token for a change previewed at the target's `version`. */
export function previewToken(hmac: Hmac, subject: PreviewSubject, version: number): string {
  return `pv_${version}_${macOf(hmac, subject, version)}`;
}

/** What a token says about applying `subject` at `version`. */
export type TokenCheck = 'valid' | 'stale' | 'mismatch';

/** Checks a token against the change being applied and the target's current version. */
export function checkPreviewToken(
  hmac: Hmac,
  token: string,
  subject: PreviewSubject,
  version: number,
): TokenCheck {
  const match = /^pv_(\d{1,12})_([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return 'mismatch';
  const given = Number(match[1]);
  if (macOf(hmac, subject, given) !== match[2]) return 'mismatch';
  return given === version ? 'valid' : 'stale';
}

/**
 * The id a change makes (a key's `key_…`, a management key's `mkid_…`), the same in its dry run and
 * in its apply: derived from the change and the version it was previewed at, so the preview names
 * the key the apply makes. A key's value is never derived: it is random, made when applied.
 */
export function changeId(
  hmac: Hmac,
  subject: PreviewSubject,
  version: number,
  prefix: string,
  length: number,
): string {
  const mac = hmac(canonicalJson(['id', prefix, subject.action, subject.target, subject.params, version]));
  return prefix + mac.replace(/[^A-Za-z0-9]/g, '').slice(0, length);
}

/** A create's version: a random nonce of up to 12 digits, as a token's version is written. */
export function previewNonce(): number {
  const [hi = 0, lo = 0] = crypto.getRandomValues(new Uint32Array(2));
  return (((hi % 232_830) * 2 ** 32 + lo) % 999_999_999_999) + 1;
}

/** The version a token was made at, or null for no token of ours. */
export function tokenVersion(token: string): number | null {
  const match = /^pv_(\d{1,12})_/.exec(token);
  return match ? Number(match[1]) : null;
}
