// Opens the console's access for a server process: operators from the management store (so every
// change to one is audited; server/operators/ledger-directory.ts), and sessions in memory (the
// embedded default, one process) or in Postgres with DATABASE_URL (shared by every worker).
// CONSOLE_TOKEN, if set, is the single-admin shortcut beside them.
import type { EngineUrls } from '../stores/select.ts';
import { MemoryOperatorDirectory, type OperatorDirectory } from '../operators/directory.ts';
import { MemorySessionStore, type SessionStore } from '../sessions/session-store.ts';
import { ConsoleSessions, type SessionLimits } from '../sessions/sessions.ts';
import { ConsoleAccess } from './access.ts';

/** Where the console's operators and sessions live, and how long sessions last. */
export interface ConsoleAccessConfig {
  /** CONSOLE_TOKEN. */
  token?: string | undefined;
  /** The operators (the server's: its management store's); default: none, in memory. */
  operators?: OperatorDirectory;
  /** With a databaseUrl, sessions live in Postgres. */
  engines?: EngineUrls;
  sessionLimits?: Partial<SessionLimits>;
  /** Epoch ms (tests inject a clock). */
  now?: () => number;
}

/** The console's access and a way to close what it opened. */
export interface OpenedAccess {
  access: ConsoleAccess;
  /** The operators' directory (for managing operators: server/operators/admin.ts). */
  operators: OperatorDirectory;
  close(): Promise<void>;
}

/** Opens the sessions `config` selects; nothing connects before the first request. */
export async function openConsoleAccess(config: ConsoleAccessConfig = {}): Promise<OpenedAccess> {
  const operators = config.operators ?? new MemoryOperatorDirectory();
  let store: SessionStore;
  let close: () => Promise<void>;
  if (config.engines?.databaseUrl) {
    const { openPostgresSessions } = await import('./postgres-access.ts');
    ({ sessions: store, close } = openPostgresSessions(config.engines.databaseUrl));
  } else {
    store = new MemorySessionStore();
    close = () => store.close();
  }
  const sessions = new ConsoleSessions(store, config.sessionLimits, config.now);
  return { access: new ConsoleAccess({ token: config.token, operators, sessions }), operators, close };
}
