// POST /v2/orders as an Astro endpoint: a thin Fetch adapter over the contract core.
import type { APIRoute } from 'astro';
import { answer } from './_runtime.ts';

export const prerender = false;

/** Every method: the contract answers 405 for anything but POST. */
export const ALL: APIRoute = ({ request }) => answer(request);
