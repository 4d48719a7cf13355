import type { AstroIntegration } from 'astro';

/** How console pages are rendered: 'build' (prerendered, the default) or 'request' (per request). */
export type ConsoleRender = 'build' | 'request';

/** Reads CONSOLE_RENDER; anything but 'request' means prerender at build time. */
export function consoleRender(env: NodeJS.ProcessEnv = process.env): ConsoleRender {
  return env.CONSOLE_RENDER === 'request' ? 'request' : 'build';
}

/** Astro integration that switches every console page between prerendered and per-request. */
export function renderMode(mode: ConsoleRender = consoleRender()): AstroIntegration {
  return {
    name: 'estate:render-mode',
    hooks: {
      'astro:route:setup': ({ route }) => {
        if (route.component.startsWith('src/pages/app/')) route.prerender = mode === 'build';
      },
    },
  };
}
