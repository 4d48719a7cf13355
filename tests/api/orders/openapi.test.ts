// The OpenAPI document: valid OpenAPI 3.1 under a real validator, built from the contract.
import { validate, compileErrors } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { problemBase, problemTypes } from '../../../src/api/orders/contract.ts';
import { openApiDocument } from '../../../src/api/orders/openapi.ts';

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(structuredClone(openApiDocument()) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('takes its schemas from the zod contract (bounds included)', () => {
    const schemas = (
      openApiDocument().components as { schemas: Record<string, { properties?: Record<string, object> }> }
    ).schemas;
    expect(Object.keys(schemas).sort()).toEqual([
      'CreateOrder',
      'Order',
      'OrderLine',
      'Problem',
      'ProblemDetail',
    ]);
    expect(schemas.CreateOrder?.properties?.lines).toMatchObject({ minItems: 1, maxItems: 100 });
    expect(schemas.OrderLine?.properties?.qty).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
  });

  it('names every problem type of a status in that status’s description', () => {
    const post = (
      openApiDocument().paths as Record<
        string,
        { post?: { responses: Record<string, { description: string }> } }
      >
    )['/v2/orders']?.post;
    for (const [slug, { status }] of Object.entries(problemTypes)) {
      if (status === 404 || status === 405 || status === 408) continue;
      expect(post?.responses[String(status)]?.description).toContain(problemBase + slug);
    }
  });
});
