// The management API's contract for what a write sends (part of ./contract-cases.ts): names a
// person can see and type back, a body in UTF-8, a create's preview that applies once, one error per
// bad field, and the audit trail's time filters as the console sends them.
import type { ContractCase } from './contract-cases.ts';
import { call, previewAndApply } from './fixture.ts';

/** Every input case. */
export const inputCases: ContractCase[] = [
  ...[
    'nul\u0000name',
    'lone\ud800half',
    'line\nbreak',
    'bidi\u202eoverride',
    // Invisible: zero-width space, word joiner, left-to-right mark, soft hyphen, Hangul filler.
    'checkout-web-prod\u200b',
    'word\u2060joiner',
    'mark\u200eltr',
    'soft\u00adhyphen',
    'filler\u3164',
    // Blanks that pass for a space, separators, and what has no glyph (found from outside).
    'probe sbx\u2800',
    'no\u00a0break',
    'ideographic\u3000space',
    'line\u2028separator',
    'paragraph\u2029separator',
    'private\ue000use',
    'non\ufdd0character',
    'non\uffffcharacter',
  ].map((bad): ContractCase => ({
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
  ...[1e21, 2 ** 53].map((budget): ContractCase => ({
    name: `rpm_budget ${budget} is named once, with the contract's bound`,
    run: async (d, t) => {
      const answer = await call(
        d,
        'PATCH',
        '/keys/key_prod',
        { rpm_budget: budget, dry_run: true },
        { token: t },
      );
      const errors = answer.body.errors as { detail: string }[];
      if (errors.length !== 1 || !errors[0]?.detail.endsWith('at most 1000000000'))
        throw new Error(JSON.stringify(errors));
      return answer;
    },
    status: 422,
    code: 'validation_failed',
    fields: ['/rpm_budget'],
  })),
  {
    name: 'a route given itself as successor is named as such, not as an unknown route',
    run: async (d, t) => {
      const body = { sunset_at: '2027-01-01', successor_route_id: 'rt_v2_post', dry_run: true };
      const answer = await call(d, 'POST', '/routes/rt_v2_post/deprecate', body, { token: t });
      const [error] = answer.body.errors as { code: string }[];
      if (error?.code !== 'same_route') throw new Error(JSON.stringify(error));
      return answer;
    },
    status: 422,
    code: 'validation_failed',
    fields: ['/successor_route_id'],
  },
  {
    name: 'GET /audit?since=<date> means its midnight UTC, as the console sends it',
    run: async (d, t) => {
      const count = async (query: string) =>
        ((await call(d, 'GET', `/audit?${query}`, undefined, { token: t })).body.data as unknown[]).length;
      // The fixture's entries are at 2026-11-26T12:00Z.
      const counts = [
        await count('since=2026-11-26'),
        await count('since=2026-11-27'),
        await count('until=2026-11-26'),
      ];
      if (counts[0] === 0 || counts[1] !== 0 || counts[2] !== 0) throw new Error(String(counts));
      return call(d, 'GET', '/audit?since=2026-11-26&until=2026-11-27', undefined, { token: t });
    },
    status: 200,
  },
  {
    name: 'GET /audit?action=bogus names action (a misspelt action is no empty page)',
    run: (d, t) => call(d, 'GET', '/audit?action=key.revoked', undefined, { token: t }),
    status: 422,
    code: 'validation_failed',
    fields: ['action'],
  },
  // Found from outside: a Latin-1 body was read as UTF-8 (400), where the Orders API answers 415.
  ...['application/json; charset=iso-8859-1', 'application/json; charset=utf-16'].map(
    (type): ContractCase => ({
      name: `a body sent as ${type} is 415`,
      run: (d, t) =>
        call(d, 'POST', '/keys', '{"name":"x","dry_run":true}', {
          token: t,
          headers: { 'content-type': type },
        }),
      status: 415,
      code: 'unsupported_media_type',
    }),
  ),
  {
    name: 'a body sent as application/json; charset=UTF-8 is read',
    run: (d, t) =>
      call(d, 'POST', '/keys', '{"name":"x","dry_run":true}', {
        token: t,
        headers: { 'content-type': 'application/json; charset=UTF-8' },
      }),
    status: 200,
  },
  // Found from outside: a read without filters ignored one, and answered every item as if filtered.
  ...[
    ['/routes?stage=sandbox', 'stage'],
    ['/keys?environment=sandbox', 'environment'],
    ['/consumers?plan=Growth', 'plan'],
    ['/management-keys?foo=1', 'foo'],
    ['/routes/rt_anything?x=1', 'x'],
  ].map(([target = '', parameter = '']): ContractCase => ({
    name: `GET ${target} names ${parameter}, a parameter that read does not take`,
    run: (d, t) => call(d, 'GET', target, undefined, { token: t }),
    status: 422,
    code: 'validation_failed',
    fields: [parameter],
  })),
  {
    name: 'GET /audit?action=key.restore is an action like the others',
    run: (d, t) => call(d, 'GET', '/audit?action=key.restore', undefined, { token: t }),
    status: 200,
  },
  {
    name: 'GET /audit?since=yesterday names since and says what a time is',
    run: async (d, t) => {
      const answer = await call(d, 'GET', '/audit?since=yesterday', undefined, { token: t });
      const [error] = answer.body.errors as { detail: string }[];
      if (!error?.detail.includes('YYYY-MM-DD')) throw new Error(JSON.stringify(error));
      return answer;
    },
    status: 422,
    code: 'validation_failed',
    fields: ['since'],
  },
  ...['%2B5', '5e1', '0x10', '%205', '1000'].map((limit): ContractCase => ({
    name: `an audit page limit of ${decodeURIComponent(limit)} is named (digits only, 1–100)`,
    run: (d, t) => call(d, 'GET', `/audit?limit=${limit}`, undefined, { token: t }),
    status: 422,
    code: 'validation_failed',
    fields: ['limit'],
  })),
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
