// Runs contract cases on a runner, checks each step's expectation and the invariants every
// response must keep, and compares runners with each other.
import { expect } from 'vitest';
import { problemBase, problemSchema } from '../../../src/api/orders/contract.ts';
import { assertMatchesOpenApi } from './openapi-check.ts';
import {
  comparedHeaders,
  type ApiRequest,
  type ApiResponse,
  type ContractCase,
  type Runner,
} from './contract-types.ts';

/**
 * Invariants of every response: no 5xx, a Request-Id, errors are problem+json quoting that id,
 * the key never comes back.
 */
export function assertInvariants(request: ApiRequest, response: ApiResponse): void {
  expect(response.status, response.rawBody).toBeLessThan(500);
  expect(response.headers['request-id'], response.rawBody).toMatch(/^req_[A-Za-z0-9]+$/);
  if (request.method === 'HEAD') expect(response.rawBody).toBe('');
  else if (response.status >= 400) {
    expect(response.headers['content-type']).toBe('application/problem+json');
    const body = problemSchema.parse(response.body);
    expect(body.status).toBe(response.status);
    expect(body.request_id).toBe(response.headers['request-id']);
  }
  const token = request.headers?.authorization?.split(' ')[1];
  if (token && token.length > 8) {
    expect(response.rawBody).not.toContain(token);
    expect(JSON.stringify(response.headers)).not.toContain(token);
  }
}

/** Runs one case on one runner, asserting every step; returns the responses. */
export async function runCase(runner: Runner, contractCase: ContractCase): Promise<ApiResponse[]> {
  const responses: ApiResponse[] = [];
  for (const [index, step] of contractCase.steps.entries()) {
    const request = typeof step.request === 'function' ? step.request(responses) : step.request;
    const response = await runner.send(request);
    const where = `${runner.name}: ${contractCase.name}, step ${index + 1}`;
    expect(response.status, `${where}: ${response.rawBody}`).toBe(step.expect.status);
    assertInvariants(request, response);
    await assertMatchesOpenApi(request, response);
    if (step.expect.problem)
      expect((response.body as { type: string }).type, where).toBe(problemBase + step.expect.problem);
    if (request.method === 'HEAD' && response.status >= 400)
      expect(response.headers['content-type'], where).toBe('application/problem+json');
    for (const [name, want] of Object.entries(step.expect.headers ?? {})) {
      const got = response.headers[name];
      if (want === null) expect(got, `${where}: ${name}`).toBeUndefined();
      else if (typeof want === 'string') expect(got, `${where}: ${name}`).toBe(want);
      else expect(got, `${where}: ${name}`).toMatch(want);
    }
    step.expect.check?.(response, responses);
    responses.push(response);
  }
  return responses;
}

/** The parts of a response all runners must agree on (request ids are each runner's own). */
export function comparable(response: ApiResponse): unknown {
  const headers = Object.fromEntries(comparedHeaders.map((name) => [name, response.headers[name] ?? null]));
  const body =
    typeof response.body === 'object' && response.body !== null && 'request_id' in response.body
      ? { ...response.body, request_id: '(each runner’s own)' }
      : response.body;
  return { status: response.status, headers, body };
}

/** Runs a case on every runner and asserts the responses agree step by step. */
export async function runEverywhere(runners: Runner[], contractCase: ContractCase): Promise<void> {
  const results: { name: string; responses: ApiResponse[] }[] = [];
  for (const runner of runners)
    results.push({ name: runner.name, responses: await runCase(runner, contractCase) });
  const [first, ...rest] = results;
  for (const other of rest) {
    expect(other.responses.map(comparable), `${other.name} vs ${first?.name}`).toEqual(
      first?.responses.map(comparable),
    );
  }
}
