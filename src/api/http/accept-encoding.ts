// Which content coding an answer goes in: what the server's compression (server/compression.ts,
// server/precompressed.ts) and the API's large answers (./large-answers.ts) ask alike.

/** A content coding the server sends. */
export type Coding = 'br' | 'gzip' | 'identity';

/** The best coding an Accept-Encoding allows: br, then gzip, else identity (RFC 9110 §12.5.3). */
export function acceptedCoding(header: string | undefined): Coding {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (name !== '') q.set(name, Number.isFinite(value) ? value : 0);
  }
  const allowed = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return 'identity';
}
