// Which Redis failures are an outage (a 503 to retry) and which are a bug (a 500).
import { describe, expect, it } from 'vitest';
import { isRedisOutage } from '../../../../server/stores/redis/connection.ts';

const reply = (message: string) => Object.assign(new Error(message), { name: 'ReplyError' });

describe('isRedisOutage', () => {
  it.each([
    ['a closed connection', new Error('Connection is closed.'), true],
    ['a command past its deadline', new Error('Command timed out'), true],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { syscall: 'connect' }), true],
    ['Redis loading its data', reply('LOADING Redis is loading the dataset in memory'), true],
    ['a busy script', reply('BUSY Redis is busy running a script'), true],
    ['a read-only replica', reply("READONLY You can't write against a read only replica."), true],
    ['memory full', reply('OOM command not allowed when used memory > maxmemory'), true],
    ['a failed snapshot', reply('MISCONF Redis is configured to save RDB snapshots'), true],
    ['a wrong command', reply("ERR wrong number of arguments for 'evalsha' command"), false],
    [
      'a broken script',
      reply('ERR user_script:1: Script attempted to access nonexistent global variable'),
      false,
    ],
    ['a wrong type', reply('WRONGTYPE Operation against a key holding the wrong kind of value'), false],
    ['something not an Error', 'oops', false],
  ])('%s: %s', (_, error, outage) => {
    expect(isRedisOutage(error)).toBe(outage);
  });
});
