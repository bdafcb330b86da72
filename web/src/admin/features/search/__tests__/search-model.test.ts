import { describe, expect, it } from 'vitest';
import { groupHits, hitDetail, isSearchShortcut, pageHits, pathOf, type ServerHit } from '../search-model';
import type { SearchHit } from '../search-api';

const names: Record<string, string> = { home: 'Start', settings: 'Einstellungen', staff: 'Mitarbeitende', audit: 'Prüfprotokoll', catalog: 'Katalog', media: 'Medien', plans: 'Tarife', vouchers: 'Gutscheine', structures: 'Seitenstrukturen', customers: 'Kunden', reports: 'Berichte' };
const name = (page: string) => names[page] ?? page;
const hit = (kind: string, id: string, page: string, pageId = id): SearchHit => ({ kind, id, title: id, detail: '', page, pageId });

describe('the console search: pages by their translated names, for the role', () => {
  it("finds a page by its name in the member's language, case and accents aside", () => {
    expect(pageHits('owner', 'prufp', name).map((h) => h.path)).toEqual(['/audit']);
    expect(pageHits('owner', 'KUNDEN', name).map((h) => h.path)).toEqual(['/customers']);
    expect(pageHits('owner', 'start', name).map((h) => h.path)).toEqual(['/']);
  });

  it('offers only the pages the role may open (finance: the catalog for its prices)', () => {
    expect(pageHits('support', '', name).map((h) => h.id)).toEqual(['customers']);
    expect(pageHits('support', 'berichte', name)).toEqual([]);
    expect(pageHits('finance', '', name).map((h) => h.id)).toEqual(['catalog', 'plans', 'customers', 'reports']);
    expect(pageHits('editor', 'einstellungen', name)).toEqual([]);
    expect(pageHits('nobody', '', name)).toEqual([]);
  });
});

describe('the console search: one list grouped by kind', () => {
  const hits = [
    hit('staff', 's1', 'staff', ''),
    hit('customer', 'u1', 'customers'),
    hit('payment', 'p1', 'customers', 'u1'),
    hit('article', '2002', 'catalog'),
    hit('customer', 'u2', 'customers'),
    hit('plan', '101', 'plans'),
    hit('mystery', 'x', 'customers'),
  ];

  it('groups pages first, then customers, articles, plans, vouchers, payments, orders, staff', () => {
    const groups = groupHits('owner', pageHits('owner', 'kunden', name), hits);
    expect(groups.map((g) => g.kind)).toEqual(['page', 'customer', 'article', 'plan', 'payment', 'staff']);
    expect(groups[1]?.hits.map((h) => h.id)).toEqual(['u1', 'u2']);
  });

  it("drops hits whose page the role may not open, whatever the server sent", () => {
    expect(groupHits('support', [], hits).map((g) => g.kind)).toEqual(['customer', 'payment']);
    expect(groupHits('editor', [], hits).map((g) => g.kind)).toEqual(['article', 'plan']);
  });

  it('opens the page of each hit', () => {
    expect(pathOf({ page: 'customers', pageId: 'a b' })).toBe('/customers/a%20b');
    expect(pathOf({ page: 'staff', pageId: '' })).toBe('/staff');
    const [payments] = groupHits('finance', [], [hit('payment', 'p1', 'customers', 'u1')]);
    expect(payments?.hits[0]?.path).toBe('/customers/u1');
  });

  it('opens on Ctrl-K and ⌘-K only', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>>) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k', {}))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});

describe("the console search: a hit's line in the member's language", () => {
  const say = {
    contentType: (code: string) => ({ full_track_music: 'Titel' })[code] ?? code,
    role: (code: string) => ({ support: 'Kundendienst' })[code] ?? code,
    money: (minor: number, currency: string) => `${(minor / 100).toFixed(2).replace('.', ',')} ${currency === 'EUR' ? '€' : currency}`,
    codes: (count: number) => (count === 1 ? '1 Code' : `${String(count)} Codes`),
  };
  const server = (kind: string, fields: Partial<SearchHit>): ServerHit => {
    const found = groupHits('owner', [], [{ ...hit(kind, 'x1', kind === 'staff' ? 'staff' : 'customers'), ...fields }])[0]?.hits[0];
    if (!found || found.kind === 'page') throw new Error(`no ${kind} hit`);
    return found;
  };

  it("names an article's content type and a staff member's role instead of their codes", () => {
    expect(hitDetail(server('article', { page: 'catalog', detail: 'full_track_music' }), say)).toBe('Titel');
    expect(hitDetail(server('staff', { detail: 'support' }), say)).toBe('Kundendienst');
  });

  it("formats a payment's amount from minor units, beside its status", () => {
    expect(hitDetail(server('payment', { amount: 799, currency: 'EUR', status: 'SUCCEEDED' }), say)).toBe('7,99 € · SUCCEEDED');
    expect(hitDetail(server('order', { amount: null, currency: null, status: 'PENDING' }), say)).toBe('PENDING');
  });

  it("counts a voucher batch's codes; a customer's name and number stay as they are", () => {
    expect(hitDetail(server('voucher', { page: 'vouchers', count: 3 }), say)).toBe('3 Codes');
    expect(hitDetail(server('customer', { detail: 'Lea · +491701234567' }), say)).toBe('Lea · +491701234567');
  });
});
