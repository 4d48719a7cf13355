// The management API's handler reads a request-target in absolute form (RFC 9112 §3.2.2: a server
// must accept it) as the path after its authority, as the Orders API does. Found from outside: the
// console answered `GET http://host/manage/v1/audit` with its HTML 404, and a POST with a false 405.
import { describe, expect, it } from 'vitest';
import { handleManage, isManageTarget } from '../../src/manage/handler.ts';
import { manageOpenApi } from '../../src/manage/openapi.ts';
import { depsOver, freshStore, managementKey } from './fixture.ts';

/** The answer to `method path` with a fresh management key. */
async function ask(method: string, path: string) {
  const deps = depsOver(freshStore('memory'));
  const token = await managementKey(deps);
  return handleManage(
    {
      method,
      path,
      headers: { authorization: `Bearer ${token}` },
      body: null,
      sourceAddress: '127.0.0.1',
      crossSite: null,
    },
    deps,
  );
}

describe('a request-target in absolute form', () => {
  it.each([
    ['http://estate.test/manage/v1/audit?limit=1', true],
    ['https://estate.test:8443/manage/v1', true],
    ['/manage/v1/keys', true],
    ['http://estate.test/app/api', false],
    ['/manage/v10/keys', false],
    ['/Manage/v1/keys', true],
    ['http://estate.test/MANAGE/V1', true],
  ])('%s is the management API’s: %s', (target, expected) => {
    expect(isManageTarget(target)).toBe(expected);
  });

  it.each([
    ['GET', 'http://estate.test/manage/v1/keys', 200],
    ['POST', 'http://estate.test/manage/v1/keys', 200],
  ])('%s %s is answered as its path is', async (method, path, status) => {
    const deps = depsOver(freshStore('memory'));
    const token = await managementKey(deps);
    const answer = await handleManage(
      {
        method,
        path,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ name: 'absolute form', dry_run: true }) : null,
        sourceAddress: '127.0.0.1',
        crossSite: null,
      },
      deps,
    );
    expect([answer.status, answer.body]).toEqual([status, expect.stringContaining('"') as unknown]);
    expect(answer.headers['content-type']).toBe('application/json');
  });
});

// Found from outside (probe 11): /Manage/v1/keys got the console's HTML 404, and no Allow named HEAD.
describe('near misses and methods', () => {
  it.each([
    ['/Manage/v1/keys', '/manage/v1/keys'],
    ['/MANAGE/V1/Keys/key_demo', '/manage/v1/keys/key_demo'],
    ['/manage/v1/Audit', '/manage/v1/audit'],
  ])('%s is a 404 naming %s', async (path, canonical) => {
    const answer = await ask('GET', path);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    const { detail } = JSON.parse(answer.body ?? '{}') as { detail: string };
    expect(detail).toContain(`the canonical path is ${canonical}`);
  });

  it('says nothing of a canonical path where there is none', async () => {
    const answer = await ask('GET', '/manage/v1/nothing');
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('canonical');
  });

  it.each([
    ['/manage/v1/keys', 'GET, HEAD, POST'],
    ['/manage/v1/audit', 'GET, HEAD'],
    ['/manage/v1/keys/key_demo/roll', 'POST'],
  ])('a 405 at %s allows %s', async (path, allow) => {
    const answer = await ask('DELETE', path);
    expect([answer.status, answer.headers.allow]).toEqual([405, allow]);
  });

  it('declares HEAD wherever it declares GET', () => {
    const paths = manageOpenApi().paths as Record<string, Record<string, unknown>>;
    for (const [path, operations] of Object.entries(paths))
      expect([path, 'head' in operations]).toEqual([path, 'get' in operations]);
  });
});
