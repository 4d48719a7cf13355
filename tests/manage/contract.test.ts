// The management API's contract (./contract-cases.ts) on every store it runs on, with the same
// answers: status, problem code and the fields each problem names.
import { describe, expect, it } from 'vitest';
import { contractCases } from './contract-cases.ts';
import { depsOver, freshStore, managementKey, type Answer, type StoreKind } from './fixture.ts';

/** What must be equal across stores: everything but ids, tokens and times. */
function shape(answer: Answer) {
  const errors = (answer.body.errors as { pointer: string; parameter?: string }[] | undefined) ?? [];
  return {
    status: answer.status,
    code: answer.body.code,
    fields: errors.map((e) => e.parameter ?? e.pointer).sort(),
  };
}

const kinds: StoreKind[] = ['memory', 'journal'];

describe.each(contractCases)('$name', (testCase) => {
  it('answers alike on every store, as the contract says', async () => {
    const answers = [];
    for (const kind of kinds) {
      const deps = depsOver(freshStore(kind));
      answers.push(shape(await testCase.run(deps, await managementKey(deps))));
    }
    expect(answers[0]).toEqual({
      status: testCase.status,
      code: testCase.code ?? answers[0]?.code,
      fields: testCase.fields ?? answers[0]?.fields,
    });
    expect(answers[1]).toEqual(answers[0]);
  });
});
