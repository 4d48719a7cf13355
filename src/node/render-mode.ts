import type { AstroIntegration } from 'astro';

/** How console pages are rendered: 'build' (prerendered, the default) or 'request' (per request). */
export type ConsoleRender = 'build' | 'request';

/** Reads CONSOLE_RENDER; anything but 'request' means prerender at build time. */
export function consoleRender(env: NodeJS.ProcessEnv = process.env): ConsoleRender {
  return env.CONSOLE_RENDER === 'request' ? 'request' : 'build';
}

/**
 * Console pages that read the running API and so are always rendered per request: the request log,
 * the detail page of a key issued on this server (a rest route the prerendered key pages fall back
 * to for ids the workspace does not have), a key's live status as JSON (for Try it), who is signed
 * in (/app/session), the operators and the Audit screen.
 */
export const liveRoutes: readonly string[] = [
  'src/pages/app/api/logs',
  'src/pages/app/api/events',
  'src/pages/app/api/audit',
  'src/pages/app/api/keys/[...issued].astro',
  'src/pages/app/api/keys/lifecycle',
  'src/pages/app/session.ts',
  'src/pages/app/operators.astro',
];

/** Whether a console page is prerendered under `mode`: never a live route, else when building. */
export function isPrerendered(component: string, mode: ConsoleRender): boolean {
  if (
    liveRoutes.some(
      (live) => component === live || component.startsWith(`${live}/`) || component.startsWith(`${live}.`),
    )
  )
    return false;
  return mode === 'build';
}

/** Astro integration that switches every console page between prerendered and per-request. */
export function renderMode(mode: ConsoleRender = consoleRender()): AstroIntegration {
  return {
    name: 'estate:render-mode',
    hooks: {
      'astro:route:setup': ({ route }) => {
        if (route.component.startsWith('src/pages/app/'))
          route.prerender = isPrerendered(route.component, mode);
      },
    },
  };
}
