// GET /app/session: who is signed in to the console (the actor the server's gate let in), for
// islands and scripts that show or act on it. Always rendered per request (src/node/render-mode.ts).
import type { APIRoute } from 'astro';

export const prerender = false;

/** `{ actor }`: type, id, name and role, or null without a gate (build, `astro dev`). */
export const GET: APIRoute = ({ locals }) =>
  new Response(JSON.stringify({ actor: locals.actor }), {
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
