// The management API's OpenAPI 3.1 document: valid, and the last answer of every case of the
// contract's table has its status declared for its operation (or as the default problem) with a
// body valid under the declared schema, checked by the same ajv as the Orders API's document.
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { manageOpenApi } from '../../src/manage/openapi.ts';
import { validator } from '../api/orders/openapi-check.ts';
import { contractCases } from './contract-cases.ts';
import { calls, depsOver, freshStore, managementKey } from './fixture.ts';

type Declared = { content?: Record<string, { schema: object }> };
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, Declared> } | undefined>>;
};

let doc: Document;
beforeAll(async () => {
  doc = await dereference(structuredClone(manageOpenApi()) as never);
});

/** The path template a management path matches, if any. */
function templateOf(path: string): string | undefined {
  const bare = path.split('?')[0] ?? '';
  return Object.keys(doc.paths).find((t) =>
    new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+').replace('.', '\\.')}$`).test(bare),
  );
}

describe('the management OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(structuredClone(manageOpenApi()) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it.each(contractCases)('$name: the answer is declared', async (testCase) => {
    const deps = depsOver(freshStore('memory'));
    const answer = await testCase.run(deps, await managementKey(deps));
    const last = calls.at(-1);
    const template = last ? templateOf(last.path) : undefined;
    const operation = template && last ? doc.paths[template]?.[last.method.toLowerCase()] : undefined;
    if (!operation) {
      // An unknown path or method: the answer is a problem, as every problem is.
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(
        validator(
          doc.paths['/keys']?.get?.responses.default?.content?.['application/problem+json']?.schema ?? {},
        )(answer.body),
      ).toBe(true);
      return;
    }
    const declared =
      operation.responses[String(answer.status)] ??
      (answer.status >= 400 ? operation.responses.default : undefined);
    expect(declared, `${last?.method} ${template} ${answer.status}`).toBeDefined();
    const type = answer.status >= 400 ? 'application/problem+json' : 'application/json';
    const schema = declared?.content?.[type]?.schema;
    expect(schema).toBeDefined();
    const check = validator(schema ?? {});
    expect(check(answer.body) ? [] : check.errors).toEqual([]);
  });
});
