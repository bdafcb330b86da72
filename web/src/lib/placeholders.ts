/**
 * Placeholder filling in configured click URLs and custom properties (spec §2).
 *
 * `{{query.X}}` takes the query parameter X of the current page, `{{user.uuid}}` the signed-in
 * user's UUID; any other placeholder becomes empty. At most 20 substitutions are made per value.
 */
import { MAX_PLACEHOLDER_SUBSTITUTIONS } from '@/config/env';

export interface PlaceholderContext {
  query: URLSearchParams;
  userUuid: string | null;
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

function resolve(name: string, context: PlaceholderContext): string {
  if (name === 'user.uuid') return context.userUuid ?? '';
  if (name.startsWith('query.')) return context.query.get(name.slice('query.'.length)) ?? '';
  return '';
}

export function fillPlaceholders(template: string, context: PlaceholderContext): string {
  let count = 0;
  return template.replace(PLACEHOLDER, (match, name: string) => {
    if (count >= MAX_PLACEHOLDER_SUBSTITUTIONS) return match;
    count += 1;
    return resolve(name, context);
  });
}

/** Fills every string inside a value (objects and arrays included). */
export function fillPlaceholdersDeep<T>(value: T, context: PlaceholderContext): T {
  if (typeof value === 'string') return fillPlaceholders(value, context) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillPlaceholdersDeep(item, context)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillPlaceholdersDeep(item as unknown, context)])) as T;
  }
  return value;
}
