// Which Node and msw the mocks run on (docs/decisions.md, "The mocks package"): msw 2 on Node 20 or
// later, msw 3 on Node 22.12 or later. Anything else is refused at import with a message that says
// what to change, instead of msw failing later with `Promise.withResolvers is not a function`.

/** The oldest Node the mocks run on, with msw 2. */
export const minimumNode = '20.0.0';
/** The oldest Node msw 3 runs on (its `engines`). */
export const minimumNodeForMsw3 = '22.12.0';

function atLeast(version: string, minimum: string): boolean {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = minimum.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/** This process's Node version; only the Node entry asks (the package is built without Node's types). */
export function nodeVersion(): string {
  return (globalThis as unknown as { process: { versions: { node: string } } }).process.versions.node;
}

/** Why Node `nodeVersion` with msw `mswMajor` cannot run the mocks; undefined when it can. */
export function unsupportedRuntime(nodeVersion: string, mswMajor: number): string | undefined {
  const package_ = '@estate-console/mocks';
  if (!atLeast(nodeVersion, minimumNode)) {
    return `${package_} needs Node ${minimumNode} or later; this is Node ${nodeVersion}. Upgrade Node.`;
  }
  if (mswMajor >= 3 && !atLeast(nodeVersion, minimumNodeForMsw3)) {
    return (
      `${package_}: msw ${mswMajor} needs Node ${minimumNodeForMsw3} or later; this is Node ${nodeVersion}. ` +
      `Upgrade Node, or stay on this Node with msw 2: npm install --save-dev msw@^2.15.0`
    );
  }
  return undefined;
}
