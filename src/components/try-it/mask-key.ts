// Masks a key for display: its type prefix and last four (sk_test…ejlL), never the rest.

/** `sk_test_abc…wxyz` → `sk_test…wxyz`; anything else keeps at most its last four. */
export function maskKey(key: string): string {
  const match = /^(sk_[a-z]+)_.*(.{4})$/.exec(key);
  if (match) return `${match[1]}…${match[2]}`;
  return key.length > 4 ? `…${key.slice(-4)}` : '…';
}
