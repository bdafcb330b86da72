import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOG_LEVEL, LOG_LEVEL_STORAGE_KEY, log, logFailure, logLevel } from '../log';

afterEach(() => {
  localStorage.removeItem(LOG_LEVEL_STORAGE_KEY);
  vi.restoreAllMocks();
});

describe('log (spec 1 §9: level warn by default)', () => {
  it('drops debug and info by default and keeps warn and error', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(DEFAULT_LOG_LEVEL).toBe('warn');
    expect(logLevel()).toBe('warn');
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(debug).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('w');
    expect(error).toHaveBeenCalledWith('e');
  });

  it('follows a level stored in the browser, and ignores an unknown one', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    localStorage.setItem(LOG_LEVEL_STORAGE_KEY, 'info');
    log.info('shown');
    expect(info).toHaveBeenCalledWith('shown');
    localStorage.setItem(LOG_LEVEL_STORAGE_KEY, 'verbose');
    expect(logLevel()).toBe('warn');
  });
});

describe('logFailure', () => {
  it('passes an answer through, and logs a failure with its error before rejecting with it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await logFailure('Failed to get wallet', Promise.resolve(7))).toBe(7);
    expect(error).not.toHaveBeenCalled();
    const failure = new Error('offline');
    await expect(logFailure('Failed to get wallet', Promise.reject(failure))).rejects.toBe(failure);
    expect(error).toHaveBeenCalledWith('Failed to get wallet', failure);
  });
});
