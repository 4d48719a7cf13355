// /v2/openapi.json, prerendered at build so static deployments (no API process) serve it too.
// Wherever an API runs (`npm start`, `npm run dev`) the contract answers this path itself, from the
// same generator, with `x-served-by: estate-orders-api`; imports only the contract.
import type { APIRoute } from 'astro';
import { openApiDocument } from '../../api/orders/openapi.ts';

export const prerender = true;

/** The OpenAPI 3.1 document generated from the contract's zod schemas. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(openApiDocument()), {
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
  });
