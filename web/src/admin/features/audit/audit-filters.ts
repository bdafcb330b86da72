/**
 * The audit log's filters and page, kept in the address (?actor=&action=&objectType=&objectId=&from=&to=&page=),
 * so a filtered view can be reloaded, shared and gone back to.
 */
import { addressOf, filtersIn } from '@/admin/lib/address-filters';
import type { AuditQuery } from './audit-api';

export const FILTER_NAMES = ['actor', 'action', 'objectType', 'objectId', 'from', 'to'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
export type AuditFilters = Record<FilterName, string>;
export const PAGE_SIZE = 25;

export const EMPTY_FILTERS: AuditFilters = { actor: '', action: '', objectType: '', objectId: '', from: '', to: '' };

export function filtersFromSearch(search: URLSearchParams): { filters: AuditFilters; page: number } {
  return filtersIn(FILTER_NAMES, search);
}

/** The address's query for filters and page: empty filters and page 1 are left out. */
export function searchFromFilters(filters: AuditFilters, page = 1): URLSearchParams {
  return addressOf(FILTER_NAMES, filters, page);
}

/** The call's query for GET /backend/admin/audit. */
export function auditQuery(filters: AuditFilters, page: number): AuditQuery {
  const query: AuditQuery = { page, size: PAGE_SIZE };
  for (const name of FILTER_NAMES) {
    const value = filters[name].trim();
    if (value) query[name] = value;
  }
  return query;
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}
