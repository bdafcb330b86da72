import { describe, expect, it } from 'vitest';
import { initialLanguage, linkLanguage } from '../i18n';
import { grantableRoles, mayManage, pagesFor } from '../roles';

describe('navigation by role (docs/staff.md)', () => {
  it('opens settings, staff and the audit log to administrators and above only, the content pages to editors too, customers to support and finance, the reports and the catalog prices to finance', () => {
    for (const role of ['platform_admin', 'owner']) expect(pagesFor(role)).toEqual(['settings', 'staff', 'audit', 'catalog', 'media', 'plans', 'vouchers', 'structures', 'customers', 'reports', 'webhooks']);
    // Webhooks are the owner's (issue 78 item 1): an admin's pages are the rest.
    expect(pagesFor('admin')).toEqual(['settings', 'staff', 'audit', 'catalog', 'media', 'plans', 'vouchers', 'structures', 'customers', 'reports']);
    expect(pagesFor('editor')).toEqual(['catalog', 'media', 'plans', 'vouchers', 'structures']);
    expect(pagesFor('support')).toEqual(['customers']);
    // Finance lists the catalog to change its prices in bulk (issue 78 item 3).
    expect(pagesFor('finance')).toEqual(['catalog', 'plans', 'customers', 'reports']);
    expect(pagesFor('nobody')).toEqual([]);
  });

  it('lets an admin grant and manage only roles below owner', () => {
    expect(grantableRoles('owner')).toContain('owner');
    expect(grantableRoles('admin')).toEqual(['admin', 'editor', 'support', 'finance']);
    expect(grantableRoles('editor')).toEqual([]);
    expect(mayManage('admin', 'owner')).toBe(false);
    expect(mayManage('admin', 'support')).toBe(true);
    expect(mayManage('owner', 'owner')).toBe(true);
  });
});

describe("the console's language", () => {
  it('is ?lang=, else the one chosen before, else the browser’s, else English', () => {
    expect(initialLanguage('?lang=ar', 'de', ['fr-FR'])).toBe('ar');
    expect(initialLanguage('?lang=xx', 'de', ['fr-FR'])).toBe('de');
    expect(initialLanguage('', null, ['pt-BR', 'ro-RO'])).toBe('ro');
    expect(initialLanguage('', null, [])).toBe('en');
  });

  it('keeps the language an invitation link asks for, so the next page (without ?lang=) stays in it (issue 73 item 6)', () => {
    expect(linkLanguage('?invitation=abc&lang=ar')).toBe('ar');
    expect(linkLanguage('?invitation=abc')).toBeNull();
    expect(linkLanguage('?lang=xx')).toBeNull();
  });
});
