// /v2/openapi.json, prerendered at build so static deployments serve it too (the production
// server also answers it on its /v2 fast path, from the same generator).
import type { APIRoute } from 'astro';
import { openApiDocument } from '../../api/orders/openapi.ts';

export const prerender = true;

/** The OpenAPI 3.1 document generated from the contract's zod schemas. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(openApiDocument()), {
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
  });
