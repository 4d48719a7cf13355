// Validates responses against the OpenAPI document itself: the status must be declared for the
// operation, the media type listed, and the body valid under its schema (ajv, JSON Schema 2020-12).
import { dereference } from '@readme/openapi-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { openApiDocument } from '../../../src/api/orders/openapi.ts';
import type { ApiRequest, ApiResponse } from './contract-types.ts';

type Content = Record<string, { schema: object }>;
type Operation = { responses: Record<string, { content?: Content }> };
type Document = { paths: Record<string, Record<string, Operation>> };

let document: Promise<Document> | undefined;
const ajv = new Ajv2020({ strict: false, allErrors: true });
const validators = new Map<object, ValidateFunction>();

function templateOf(path: string): string {
  const clean = path.split('?')[0] ?? '';
  return /^\/v2\/orders\/[^/]+$/.test(clean) ? '/v2/orders/{id}' : clean;
}

/** Asserts a response is one the OpenAPI document declares, body included. */
export async function assertMatchesOpenApi(request: ApiRequest, response: ApiResponse): Promise<void> {
  document ??= dereference(structuredClone(openApiDocument()) as never) as Promise<Document>;
  const doc = await document;
  const operation = doc.paths[templateOf(request.path)]?.[request.method.toLowerCase()];
  if (!operation) {
    expect([404, 405], `undeclared ${request.method} ${request.path}`).toContain(response.status);
    return;
  }
  const declared = operation.responses[String(response.status)];
  expect(declared, `${request.method} ${request.path} does not declare ${response.status}`).toBeDefined();
  const mediaType = response.headers['content-type'] ?? '';
  const schema = declared?.content?.[mediaType]?.schema;
  expect(schema, `no ${mediaType} body declared for ${response.status}`).toBeDefined();
  if (!schema) return;
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  expect(validate(response.body) ? [] : validate.errors, `body of ${response.status}`).toEqual([]);
}
