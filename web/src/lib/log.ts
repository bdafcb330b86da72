/**
 * The client's log (spec 1 §9: the log level defaults to warn). Messages below the level are
 * dropped; errors and warnings still reach the console. A developer raises the level for one
 * browser with `localStorage.portalLogLevel = 'debug'` (or 'info'); an unknown value keeps warn.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';
export const LOG_LEVEL_STORAGE_KEY = 'portalLogLevel';

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && value in RANK;
}

/** The level in force: the browser's override when it names a level, else warn. */
export function logLevel(): LogLevel {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOG_LEVEL_STORAGE_KEY);
    return isLogLevel(stored) ? stored : DEFAULT_LOG_LEVEL;
  } catch {
    return DEFAULT_LOG_LEVEL;
  }
}

function emit(level: LogLevel, args: unknown[]): void {
  if (RANK[level] < RANK[logLevel()]) return;
  console[level](...args);
}

export const log = {
  debug: (...args: unknown[]) => emit('debug', args),
  info: (...args: unknown[]) => emit('info', args),
  warn: (...args: unknown[]) => emit('warn', args),
  error: (...args: unknown[]) => emit('error', args),
};

/** Passes a call's answer through; a failure is logged as `message` with the error, and still rejects. */
export async function logFailure<T>(message: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    log.error(message, error);
    throw error;
  }
}
