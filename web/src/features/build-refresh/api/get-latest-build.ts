/** GET /builds/latest.json?timestamp=…: the id of the newest deployed build. */
import { LATEST_BUILD_URL } from '@/config/env';
import { fetchPortalJson } from '@/lib/api-client';

export interface BuildDescriptor {
  id: string;
  timestamp: number;
}

export function getLatestBuild(now = Date.now()): Promise<BuildDescriptor> {
  return fetchPortalJson<BuildDescriptor>(`${LATEST_BUILD_URL}?timestamp=${now}`);
}
