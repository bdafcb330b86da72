/**
 * GET {backend}/device: what the server makes of this device. Kept 86400 s (commerce §9) in
 * localStorage, so page loads within a day do not ask again; a failure gives device id 1.
 */
import { queryOptions } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-schema';
import type { Device } from '@/lib/store';

export const DEVICE_CACHE_MS = 86_400_000;
export const DEVICE_CACHE_KEY = 'portal:device';
export const FALLBACK_DEVICE: Device = { id: '1', deviceAttributes: {} };

// eslint-disable-next-line no-restricted-syntax -- what localStorage keeps, not a wire shape
interface CachedDevice {
  device: Device;
  expires: number;
}

function readCache(now: number): Device | null {
  try {
    const cached = JSON.parse(localStorage.getItem(DEVICE_CACHE_KEY) ?? 'null') as CachedDevice | null;
    return cached && cached.expires > now && typeof cached.device.id === 'string' ? cached.device : null;
  } catch {
    return null;
  }
}

function writeCache(device: Device, now: number): void {
  try {
    localStorage.setItem(DEVICE_CACHE_KEY, JSON.stringify({ device, expires: now + DEVICE_CACHE_MS } satisfies CachedDevice));
  } catch {
    // No storage: the device is asked for again next time.
  }
}

export async function getDevice(now = Date.now()): Promise<Device> {
  const cached = readCache(now);
  if (cached) return cached;
  try {
    const response = await getApiClient().get<{ data: ApiData<'getBackendDevice'> }>('/device');
    // Kept as before the generated types: an id sent as a number and missing attributes are tolerated.
    const answer: Partial<Omit<ApiData<'getBackendDevice'>, 'id'>> & Record<'id', string | number> = response.data;
    const device: Device = { id: String(answer.id), deviceAttributes: answer.deviceAttributes ?? {} };
    writeCache(device, now);
    return device;
  } catch (error) {
    console.error('Device lookup failed; using device id 1', error);
    return FALLBACK_DEVICE;
  }
}

export const getDeviceQueryOptions = () => queryOptions({ queryKey: ['device'] as const, queryFn: () => getDevice(), staleTime: DEVICE_CACHE_MS });
