// How live figures read: instants of the running server's log, always in UTC.

/** An epoch-ms instant as `YYYY-MM-DD HH:MM:SS UTC`. */
export function formatInstant(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** An epoch-ms instant's time of day, `HH:MM:SS.mmm`. */
export function formatClock(ms: number): string {
  return new Date(ms).toISOString().slice(11, 23);
}

/** How long ago an instant was, from `nowMs`: "just now", "42 s ago", "5 min ago", "3 h ago", "2 d ago". */
export function formatAgo(ms: number, nowMs: number): string {
  const seconds = Math.max(0, Math.round((nowMs - ms) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}
