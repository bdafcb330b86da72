/** Who is signed in, the tenant the console acts on, and the client for its calls. */
import { createContext, useContext } from 'react';
import type { ApiClient } from '@/lib/api-client';
import type { Me } from './api';

export interface ConsoleState {
  me: Me;
  tenant: string;
  api: ApiClient;
}

export const ConsoleContext = createContext<ConsoleState | null>(null);

export function useConsole(): ConsoleState {
  const state = useContext(ConsoleContext);
  if (!state) throw new Error('useConsole outside the console shell');
  return state;
}

/** The server's error code, its message (the reason, in the server's words) and the data of its answer, from a failed call. */
export function errorOf(error: unknown): { code: string | null; status: number; message: string | null; data: Record<string, unknown> } {
  const e = error as { code?: unknown; status?: unknown; body?: unknown } | null;
  const body = e && typeof e.body === 'object' && e.body !== null ? (e.body as Record<string, unknown>) : {};
  const data = typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message.trim() : null;
  return { code: typeof e?.code === 'string' ? e.code : null, status: typeof e?.status === 'number' ? e.status : 0, message, data };
}
