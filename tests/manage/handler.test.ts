// The management API's handler reads a request-target in absolute form (RFC 9112 §3.2.2: a server
// must accept it) as the path after its authority, as the Orders API does. Found from outside: the
// console answered `GET http://host/manage/v1/audit` with its HTML 404, and a POST with a false 405.
import { describe, expect, it } from 'vitest';
import { handleManage, isManageTarget } from '../../src/manage/handler.ts';
import { depsOver, freshStore, managementKey } from './fixture.ts';

describe('a request-target in absolute form', () => {
  it.each([
    ['http://estate.test/manage/v1/audit?limit=1', true],
    ['https://estate.test:8443/manage/v1', true],
    ['/manage/v1/keys', true],
    ['http://estate.test/app/api', false],
    ['/manage/v10/keys', false],
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
