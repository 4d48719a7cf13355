// Holds responses to the OpenAPI document itself, with a real validator (ajv, JSON Schema 2020-12):
// the status must be declared for the operation the request names (or, naming none, in
// x-unmatched-responses), every header sent must be declared there and every required one sent,
// each value valid under its schema, and the body valid under the declared media type's schema.
import { dereference } from '@readme/openapi-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { openApiDocument } from '../../../src/api/orders/openapi.ts';
import type { ApiRequest, ApiResponse } from './contract-types.ts';

type Header = { required?: boolean; schema: object };
type Declared = { headers?: Record<string, Header>; content?: Record<string, { schema: object }> };
type Operation = { operationId: string; responses: Record<string, Declared> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  'x-unmatched-responses': Record<string, Declared>;
};

/** Headers of the transport, not of the API: never documented per response. */
// Content coding is HTTP's, negotiated per request (src/api/http/large-answers.ts), as OpenAPI
// documents leave it: the same for every operation, and not the contract's.
const transportHeaders = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'vary',
]);

let document: Promise<Document> | undefined;
const ajv = new Ajv2020({ strict: false, allErrors: true });
// The two formats the contract's schemas use (zod: z.iso.datetime(), z.url()).
ajv.addFormat('date-time', {
  type: 'string',
  validate: (value: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) &&
    !Number.isNaN(Date.parse(value)),
});
ajv.addFormat('uri', { type: 'string', validate: (value: string) => URL.canParse(value) });
const validators = new Map<object, ValidateFunction>();

/** The ajv validator of a schema (JSON Schema 2020-12, with the contract's formats), compiled once. */
export function validator(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** The path template of the document a request-target matches as it is spelt, if any. */
function templateOf(target: string, templates: string[]): string | undefined {
  const path = target.split('?')[0] ?? '';
  if (templates.includes(path)) return path;
  return templates.find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
}

/** What the document declares for a request's answer: the operation (or "unmatched") and its responses. */
export async function declaredFor(
  request: ApiRequest,
): Promise<{ operation: string; responses: Record<string, Declared> }> {
  document ??= dereference(structuredClone(openApiDocument()) as never) as Promise<Document>;
  const doc = await document;
  const template = templateOf(request.path, Object.keys(doc.paths));
  const operation = template ? doc.paths[template]?.[request.method.toLowerCase()] : undefined;
  return operation
    ? { operation: operation.operationId, responses: operation.responses }
    : { operation: 'unmatched', responses: doc['x-unmatched-responses'] };
}

/** Asserts a response is one the OpenAPI document declares: status, headers and body. */
export async function assertMatchesOpenApi(request: ApiRequest, response: ApiResponse): Promise<void> {
  const { operation, responses } = await declaredFor(request);
  const where = `${request.method} ${request.path} (${operation}) ${response.status}`;
  const declared = responses[String(response.status)];
  expect(declared, `${where}: status not declared`).toBeDefined();
  if (!declared) return;
  const documented = new Map(
    Object.entries(declared.headers ?? {}).map(([name, h]) => [name.toLowerCase(), h]),
  );
  for (const [name, value] of Object.entries(response.headers)) {
    if (transportHeaders.has(name) || name === 'content-type') continue;
    const header = documented.get(name);
    expect(header, `${where}: header ${name} not documented`).toBeDefined();
    if (header) expect(validator(header.schema)(value), `${where}: ${name}: ${value}`).toBe(true);
  }
  for (const [name, header] of documented)
    if (header.required) expect(response.headers[name], `${where}: required header ${name}`).toBeDefined();
  const mediaType = response.headers['content-type'] ?? '';
  const schema = declared.content?.[mediaType]?.schema;
  if (request.method === 'HEAD') return;
  expect(schema, `${where}: no ${mediaType} body declared`).toBeDefined();
  if (!schema) return;
  const validate = validator(schema);
  expect(validate(response.body) ? [] : validate.errors, `${where}: body`).toEqual([]);
}
