/** The network of a console test: a fetch that hands each call to the test, which answers it (a status and a JSON body). */
import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  /** The address asked for, absolute (a relative one on http://console.test). */
  url: URL;
  /** The JSON body sent, parsed; undefined without one. */
  body: unknown;
  init: RequestInit | undefined;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

export function fakeFetch(answer: (call: FakeCall) => FakeAnswer): typeof fetch {
  return vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://console.test');
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const { status, body: answered } = answer({ method, url, body, init });
    return Promise.resolve(new Response(JSON.stringify(answered), { status, headers: { 'content-type': 'application/json' } }));
  });
}

/** The error answer of a call the test does not know. */
export const notFound = (error = 'NOT_FOUND'): FakeAnswer => ({ status: 404, body: { status: 404, error, message: 'x', data: null } });
