// What to do with a request no handler answers, spelt for the installed msw: msw 2 reads
// `onUnhandledRequest`, msw 3 `onUnhandledFrame`, and each silently ignores the other's name, so
// `server.listen({ onUnhandledFrame: 'error' })` on msw 2 let unmocked requests reach the network.
// The package's server takes either name on either major and hands msw the one it reads.

/** The strategies both msw majors know by name. */
export type UnhandledStrategy = 'bypass' | 'warn' | 'error';

/** Options carrying the strategy under either major's name. */
export interface UnhandledOptions {
  onUnhandledFrame?: unknown;
  onUnhandledRequest?: unknown;
}

/** The name each msw major reads the strategy under. */
export const unhandledOptionName = { 2: 'onUnhandledRequest', 3: 'onUnhandledFrame' } as const;

/**
 * `options` with the strategy under the name msw `major` reads. A named strategy given under the
 * other major's name moves over; a callback cannot (the majors call it differently), so it throws,
 * saying which name to use.
 */
export function forMswMajor<T extends UnhandledOptions>(options: T | undefined, major: 2 | 3): T | undefined {
  const wanted = unhandledOptionName[major];
  const other = unhandledOptionName[major === 2 ? 3 : 2];
  if (options === undefined || options[other] === undefined) return options;
  const { [other]: value, ...rest } = options;
  if (typeof value !== 'string') {
    throw new TypeError(
      `@estate-console/mocks: msw ${major} reads ${wanted}, not ${other}; pass your callback as ${wanted}`,
    );
  }
  return { ...rest, [wanted]: options[wanted] ?? value } as unknown as T;
}
