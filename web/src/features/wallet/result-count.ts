/**
 * The wallet's `x-result-count: a-b/total` header (commerce §7): `1-50/73` is items 1 to 50 of 73,
 * `0-0/0` an empty wallet. Paging is 50 a page from offset 0 (commerce §9).
 */
export const WALLET_PAGE_SIZE = 50;

export interface ResultCount {
  first: number;
  last: number;
  total: number;
}

export function parseResultCount(header: string | null | undefined): ResultCount | null {
  const match = /^\s*(\d+)\s*-\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(header ?? '');
  if (!match) return null;
  const [first, last, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (last < first || last > total) return null;
  return { first, last, total };
}

export interface WalletPaging {
  page: number;
  pages: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Paging for a page index (0-based) given the header; a missing header falls back to what arrived. */
export function walletPaging(page: number, count: ResultCount | null, received: number, pageSize = WALLET_PAGE_SIZE): WalletPaging {
  const total = count?.total ?? page * pageSize + received;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return { page, pages, total, hasPrevious: page > 0, hasNext: count ? count.last < count.total : received === pageSize };
}
