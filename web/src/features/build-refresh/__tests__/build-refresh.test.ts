import { afterEach, describe, expect, it, vi } from 'vitest';
import { isReloadGuarded, reloadTo } from '@/lib/reload';

function stubLocation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { href: window.location.href, pathname: window.location.pathname, assign });
  return assign;
}

afterEach(() => {
  vi.resetModules();
  vi.useRealTimers();
});

describe('reload guard', () => {
  it('reloads once per path within 10 s', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const assign = stubLocation();
    expect(reloadTo('/music')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/music');
    expect(isReloadGuarded('/music')).toBe(true);
    expect(reloadTo('/music')).toBe(false);
    expect(reloadTo('/video')).toBe(true);
    vi.setSystemTime(1_000_000 + 10_001);
    expect(reloadTo('/video')).toBe(true);
    expect(assign).toHaveBeenCalledTimes(3);
  });
});

describe('build refresh', () => {
  it('reloads at the next navigation once the server has a different build', async () => {
    const { checkForNewBuild, reloadIfNewBuild } = await import('../build-refresh');
    const assign = stubLocation();
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'current', timestamp: 1 }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    await checkForNewBuild('current');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/^\/builds\/latest\.json\?timestamp=\d+$/);
    expect(reloadIfNewBuild('/games/list')).toBe(false);

    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ id: 'newer', timestamp: 2 }), { status: 200 })));
    await checkForNewBuild('current');
    expect(reloadIfNewBuild('/games/list')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/games/list');
  });

  it('ignores a failed check', async () => {
    const { checkForNewBuild, isNewBuildAvailable } = await import('../build-refresh');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new Error('offline'))));
    await expect(checkForNewBuild('current')).resolves.toBe(false);
    expect(isNewBuildAvailable()).toBe(false);
  });
});
