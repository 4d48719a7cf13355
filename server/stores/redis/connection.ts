// One Redis connection for the API's counters and claims: each update is one Lua script (atomic
// in Redis, so budgets are exact across processes), every command has a deadline, and a Redis
// that is down, restarting or too slow turns into StoreUnavailableError: at once while the client
// waits to reconnect, within the command deadline while it is connecting. Commands cut off by a
// lost connection fail rather than being resent after a reconnect (a resent increment could count
// twice). The client reconnects on its own, so service comes back without a restart.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { StoreUnavailableError } from '../../../src/api/orders/deps.ts';
import { localMs, RedisClock } from './redis-clock.ts';

/** Deadlines: each command is well under a millisecond, so a second means Redis is out. */
export const redisLimits = {
  connectTimeoutMs: 2_000,
  commandTimeoutMs: 1_000,
  maxReconnectDelayMs: 1_000,
} as const;

// Replies that say the server cannot serve now, not that the command is wrong.
const unavailableReplies =
  /^(LOADING|BUSY|MASTERDOWN|READONLY|OOM|CLUSTERDOWN|TRYAGAIN|NOREPLICAS|MISCONF)\b/;

/** Whether a failure means Redis is unreachable, restarting or too slow (not a bug of ours). */
export function isRedisOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ReplyError') return unavailableReplies.test(error.message);
  return true;
}

/** A Lua script of scripts/, run by its SHA-1 (loaded again after Redis restarts and forgets it). */
export interface RedisScript {
  name: string;
  lua: string;
  sha: string;
}

/** Reads `scripts/<name>.lua`. */
export function redisScript(name: string): RedisScript {
  const lua = readFileSync(join(import.meta.dirname, 'scripts', `${name}.lua`), 'utf8');
  return { name, lua, sha: createHash('sha1').update(lua).digest('hex') };
}

/** A Redis connection that runs scripts and reports outages as StoreUnavailableError. */
export class RedisConnection {
  /** Prefix of every key the stores write, so one Redis can serve other applications too. */
  readonly prefix: string;
  /** Redis's clock as learnt from this connection's replies (scripts' deadlines). */
  readonly clock = new RedisClock({ commandTimeoutMs: redisLimits.commandTimeoutMs, marginMs: 100 });
  private readonly redis: Redis;

  constructor(url: string, prefix = 'estate:') {
    this.prefix = prefix;
    this.redis = new Redis(url, {
      connectTimeout: redisLimits.connectTimeoutMs,
      commandTimeout: redisLimits.commandTimeoutMs,
      // Queued only while a connection is being made (see refuseWhileDown), never past the deadline.
      enableOfflineQueue: true,
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 100, redisLimits.maxReconnectDelayMs),
      connectionName: 'estate-orders-api',
    });
    // Without a listener an error event would end the process; the next command reports the outage.
    this.redis.on('error', () => undefined);
    // Learn Redis's clock as soon as it answers, so that the first scripts carry deadlines too.
    this.redis.on('ready', () => this.learnClock());
  }

  /** Asks Redis its time (TIME) and learns the clocks' offset from the reply; an outage is ignored. */
  private learnClock(): void {
    const sentMs = localMs();
    this.redis.time().then(
      ([seconds, micros]) => this.clock.sample(sentMs, Number(seconds) * 1000 + Number(micros) / 1000),
      () => undefined,
    );
  }

  /** Runs `script` on `keys` with `args`; throws StoreUnavailableError while Redis is out. */
  async run(script: RedisScript, keys: string[], args: (string | number)[]): Promise<unknown> {
    this.refuseWhileDown(script.name);
    try {
      try {
        return await this.redis.evalsha(script.sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
        return await this.redis.eval(script.lua, keys.length, ...keys, ...args);
      }
    } catch (error) {
      throw redisFailure(error, script.name);
    }
  }

  /** Sets `key` to `value` for `ttlMs` unless it exists; false when it existed. */
  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    this.refuseWhileDown('set');
    try {
      return (await this.redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
    } catch (error) {
      throw redisFailure(error, 'set');
    }
  }

  /** Whether Redis answers now (readiness probes): resolves, or throws StoreUnavailableError. */
  async check(): Promise<void> {
    this.refuseWhileDown('ping');
    try {
      await this.redis.ping();
    } catch (error) {
      throw redisFailure(error, 'ping');
    }
  }

  /** Throws StoreUnavailableError at once while the client waits to reconnect after a failure. */
  private refuseWhileDown(doing: string): void {
    const { status } = this.redis;
    if (status === 'reconnecting' || status === 'close' || status === 'end')
      throw new StoreUnavailableError(`Redis is unavailable (${doing}): the connection is ${status}`);
  }

  /** Closes the connection (pending commands are answered first). */
  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The error a store throws for `error`: StoreUnavailableError for an outage, else `error` itself. */
function redisFailure(error: unknown, doing: string): unknown {
  if (!isRedisOutage(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`Redis is unavailable (${doing}): ${reason}`, 1, { cause: error });
}
