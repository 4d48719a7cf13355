// The management API's contract for what a write sends (part of ./contract-cases.ts): names a
// person can see and type back, a body in UTF-8, and a create's preview that applies once.
import type { ContractCase } from './contract-cases.ts';
import { call, previewAndApply } from './fixture.ts';

/** Every input case. */
export const inputCases: ContractCase[] = [
  ...['nul\u0000name', 'lone\ud800half', 'line\nbreak', 'bidi\u202eoverride'].map((bad): ContractCase => ({
    name: `a name holding ${JSON.stringify(bad)} is named`,
    run: (d, t) => call(d, 'POST', '/keys', { name: bad, dry_run: true }, { token: t }),
    status: 422,
    code: 'validation_failed',
    fields: ['/name'],
  })),
  {
    name: 'a body that is not UTF-8 is 400',
    run: (d, t) =>
      call(d, 'POST', '/keys', new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), {
        token: t,
      }),
    status: 400,
    code: 'malformed_json',
  },
  ...(
    [
      ['/keys', { name: 'once' }],
      ['/management-keys', { name: 'once', scopes: ['keys:read'] }],
    ] as const
  ).map(([path, body]): ContractCase => ({
    name: `a preview of POST ${path} applies once: applied again, its token is stale`,
    run: async (d, t) => {
      const { preview, applied } = await previewAndApply(d, 'POST', path, body, { token: t });
      if (applied.status !== 201) return applied;
      return call(d, 'POST', path, { ...body, preview_token: preview.body.preview_token }, { token: t });
    },
    status: 412,
    code: 'preview_token_stale',
  })),
];
