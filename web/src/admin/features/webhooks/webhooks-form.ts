/** The new-endpoint form's values as typed, and the body they make (components/endpoint-form.tsx). */
import type { EndpointBody } from './webhooks-api';

export interface EndpointValues {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  allowPrivate: boolean;
}

export const EMPTY_ENDPOINT: EndpointValues = { url: '', description: '', events: [], enabled: true, allowPrivate: false };

/** An absolute http(s) address with a host (the server applies the one link rule). */
export const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** The body of the typed values: trimmed; the private allowance only where the server offers it (the dev stage). */
export function endpointBody(values: EndpointValues, privateAllowed: boolean): EndpointBody {
  return { url: values.url.trim(), description: values.description.trim(), events: values.events, enabled: values.enabled, allowPrivate: privateAllowed && values.allowPrivate };
}
