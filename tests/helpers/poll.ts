// Waiting for a condition in tests: poll it with a deadline, never sleep a fixed time and hope.

/** Calls `check` every `everyMs` until it returns a value other than undefined/false; throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => T | false | undefined | Promise<T | false | undefined>,
  { timeoutMs = 10_000, everyMs = 20 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`, { cause: last });
    }
    await new Promise((done) => setTimeout(done, everyMs));
  }
}
