// The OpenAPI document: valid OpenAPI 3.1 under a real validator, built from the contract, naming
// every problem type, with an absolute server. Every contract case is held to it as it runs
// (./openapi-check.ts, from ./run-cases.ts).
import { validate, compileErrors } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { problemBase, problemTypes } from '../../../src/api/orders/contract.ts';
import { openApiDocument } from '../../../src/api/orders/openapi.ts';

const doc = openApiDocument() as {
  servers: { url: string; variables: Record<string, { default: string }> }[];
  paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
  'x-unmatched-responses': Record<string, { description: string }>;
  components: { schemas: Record<string, { properties?: Record<string, object> }> };
};

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(structuredClone(openApiDocument()) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('takes its schemas from the zod contract (bounds included)', () => {
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas).sort()).toEqual([
      'CreateOrder',
      'CreateWebhook',
      'Event',
      'EventList',
      'Order',
      'OrderLine',
      'OrderList',
      'Problem',
      'ProblemDetail',
      'RecoverWebhook',
      'ResendWebhookEvent',
      'WebhookEndpoint',
      'WebhookEndpointList',
      'WebhookRequeue',
    ]);
    expect(schemas.CreateOrder?.properties?.lines).toMatchObject({ minItems: 1, maxItems: 100 });
    expect(schemas.CreateOrder?.properties?.customer).toMatchObject({ minLength: 1, maxLength: 64 });
    expect(schemas.OrderLine?.properties?.qty).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
  });

  it('names every problem type of the contract in some response, and none other', () => {
    const descriptions = [
      ...Object.values(doc.paths).flatMap((item) =>
        Object.values(item).flatMap((operation) => Object.values(operation.responses)),
      ),
      ...Object.values(doc['x-unmatched-responses']),
    ].map((response) => response.description);
    const named = new Set(descriptions.flatMap((d) => d.match(/https:\/\/\S+?(?=,|$)/g) ?? []));
    expect([...named].sort()).toEqual(
      Object.keys(problemTypes)
        .map((slug) => problemBase + slug)
        .sort(),
    );
  });

  it('declares a server whose URL is absolute once its variables take their defaults', () => {
    for (const server of doc.servers) {
      const url = server.url.replace(
        /\{(\w+)\}/g,
        (_, name: string) => server.variables[name]?.default ?? '',
      );
      expect(new URL(url).origin).toBe(url);
    }
  });
});
