// The OpenAPI document says no more than the API does: for every operation and status the contract
// case table produces, each header documented there is sent by at least one of those responses
// (a header documented but never sent was the drift this guards against). Each response is also
// held to the document as it runs (./openapi-check.ts).
import { describe, expect, it } from 'vitest';
import { contractCases } from './contract-cases.ts';
import type { ApiRequest, ApiResponse, Runner } from './contract-types.ts';
import { declaredFor } from './openapi-check.ts';
import { runCase } from './run-cases.ts';
import { handlerRunner } from './runners.ts';

describe('OpenAPI document against the contract case table', () => {
  it('documents only headers that some response of the same operation and status sends', async () => {
    const exchanges: [ApiRequest, ApiResponse][] = [];
    for (const contractCase of Object.values(contractCases).flat()) {
      // A fresh handler per case, as the case tests run them; every exchange is kept.
      const runner = await handlerRunner();
      const recording: Runner = {
        ...runner,
        send: async (request) => {
          const response = await runner.send(request);
          exchanges.push([request, response]);
          return response;
        },
      };
      await runCase(recording, contractCase);
    }
    const sent = new Map<string, Set<string>>();
    const documented = new Map<string, string[]>();
    for (const [request, response] of exchanges) {
      const { operation, responses } = await declaredFor(request);
      const key = `${operation} ${response.status}`;
      const names = sent.get(key) ?? new Set<string>();
      for (const name of Object.keys(response.headers)) names.add(name);
      sent.set(key, names);
      documented.set(key, Object.keys(responses[String(response.status)]?.headers ?? {}));
    }
    const neverSent = [...documented].flatMap(([key, names]) =>
      names.filter((name) => !sent.get(key)?.has(name.toLowerCase())).map((name) => `${key}: ${name}`),
    );
    expect(neverSent).toEqual([]);
    // The table reaches every operation and the answers to requests that name none.
    expect(new Set([...sent.keys()].map((key) => key.split(' ')[0]))).toEqual(
      new Set([
        'createOrder',
        'listOrders',
        'headOrders',
        'getOrder',
        'headOrder',
        'getOpenApi',
        'headOpenApi',
        'listOrderEvents',
        'listEvents',
        'getEvent',
        'listWebhooks',
        'createWebhook',
        'deleteWebhook',
        'rollWebhookSecret',
        'resendWebhookEvent',
        'recoverWebhook',
        'unmatched',
      ]),
    );
  });
});
