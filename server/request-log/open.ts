// Which request log the API writes: on local files beside the journal (the embedded default), in
// Postgres when orders are there (so every worker writes, and every console reads, one log), or
// none (ESTATE_REQUEST_LOG=off, to measure what it costs).
import type { RequestLog } from '../../src/api/request-log.ts';
import { requestLogDir } from '../../src/node/live-views.ts';
import type { ApiStores } from '../stores/select.ts';
import { FileRequestLog, fileLogDefaults } from './file-log.ts';

/** Where the log lives and how large it may grow; every field has a default from the environment. */
export interface RequestLogOptions {
  /** ESTATE_REQUEST_LOG=off turns the log off. */
  off?: boolean;
  /** ESTATE_REQUEST_LOG_DIR, else `requests/` beside the orders journal's folder (data/requests). */
  dir?: string;
  /** ESTATE_REQUEST_LOG_MAX_MB (MiB), else 256: the oldest entries go first. */
  maxBytes?: number;
}

/** The options the environment gives; the folder defaults to `requests/` beside `ordersDir`. */
export function requestLogOptionsFrom(
  ordersDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Required<RequestLogOptions> {
  const mb = Number(env.ESTATE_REQUEST_LOG_MAX_MB);
  return {
    off: env.ESTATE_REQUEST_LOG === 'off',
    dir: requestLogDir(env, ordersDir),
    maxBytes: Number.isFinite(mb) && mb > 0 ? mb * 2 ** 20 : fileLogDefaults.maxBytes,
  };
}

/** Opens the request log the options and the stores select; null when it is off. */
export async function openRequestLog(
  options: RequestLogOptions,
  stores: ApiStores,
  ordersDir: string,
): Promise<RequestLog | null> {
  const chosen = { ...requestLogOptionsFrom(ordersDir), ...definedOnly(options) };
  if (chosen.off) return null;
  if (stores.requestLog) return stores.requestLog(chosen.maxBytes);
  return FileRequestLog.open({ dir: chosen.dir, maxBytes: chosen.maxBytes });
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}
