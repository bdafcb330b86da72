/**
 * Roles and what each may open (docs/staff.md "Roles"): the console shows only the pages a role's
 * calls let it use; the server refuses the others anyway.
 */
export const ROLES = ['platform_admin', 'owner', 'admin', 'editor', 'support', 'finance'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a member of a tenant may hold (a platform administrator is made on the command line only). */
export const TENANT_ROLES = ['owner', 'admin', 'editor', 'support', 'finance'] as const satisfies readonly Role[];

export type ConsolePage = 'settings' | 'staff' | 'audit' | 'catalog' | 'media' | 'plans' | 'vouchers' | 'structures' | 'customers' | 'reports' | 'webhooks';
export const PAGES: readonly ConsolePage[] = ['settings', 'staff', 'audit', 'catalog', 'media', 'plans', 'vouchers', 'structures', 'customers', 'reports', 'webhooks'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Administrator and above: settings, staff and the audit log are theirs (route table: StaffRole::admin). */
export function atLeastAdmin(role: string): boolean {
  return role === 'platform_admin' || role === 'owner' || role === 'admin';
}

/** Who may refund a payment (route table: StaffRole::finance): finance, admin, owner, platform administrator. */
export function mayRefund(role: string): boolean {
  return role === 'finance' || atLeastAdmin(role);
}

/** Who acts on customers (route table: StaffRole::support): support, admin, owner, platform administrator; finance only reads them. */
export function mayActOnCustomers(role: string): boolean {
  return role === 'support' || role === 'admin' || role === 'owner' || role === 'platform_admin';
}

/** The pages of a content editor (route table: StaffRole::editor; an admin and above may open them too). */
export const EDITOR_PAGES: readonly ConsolePage[] = ['catalog', 'media', 'plans', 'vouchers', 'structures'];

/** The pages of customer care: support and finance read customers (route table: StaffRole::care). */
export const CARE_PAGES: readonly ConsolePage[] = ['customers'];

/** Finance's pages: the catalog (its prices, in bulk), customers, the plans (their prices), and the reports (route table: StaffRole::finance, StaffRole::prices; issue 35, issue 73 item 4, issue 78 item 3). */
export const FINANCE_PAGES: readonly ConsolePage[] = ['catalog', 'plans', 'customers', 'reports'];

/** Who changes a plan's price or retires it (route table: StaffRole::finance): prices are money, not content (issue 73 item 4). */
export function mayPricePlans(role: string): boolean {
  return role === 'finance' || atLeastAdmin(role);
}

/** Who edits the catalog's articles — opens one, creates, imports, publishes, tags, moves (route table: StaffRole::editor). */
export function mayEditCatalog(role: string): boolean {
  return role === 'editor' || atLeastAdmin(role);
}

/** Who changes articles' prices in bulk (route table: StaffRole::prices): finance and content editors, admins and above (issue 78 item 3). */
export function mayPriceArticles(role: string): boolean {
  return role === 'finance' || mayEditCatalog(role);
}

/** Who edits a plan's texts and makes new plans (route table: StaffRole::editor). */
export function mayEditPlans(role: string): boolean {
  return role === 'editor' || atLeastAdmin(role);
}

/** Who connects webhook endpoints (route table: StaffRole::owner; issue 78 item 1): an owner or a platform administrator. */
export function mayManageWebhooks(role: string): boolean {
  return role === 'platform_admin' || role === 'owner';
}

export function pagesFor(role: string): ConsolePage[] {
  if (atLeastAdmin(role)) return PAGES.filter((page) => page !== 'webhooks' || mayManageWebhooks(role));
  if (role === 'editor') return [...EDITOR_PAGES];
  if (role === 'finance') return [...FINANCE_PAGES];
  if (role === 'support') return [...CARE_PAGES];
  return [];
}

/** The roles this member may grant: an owner (or platform administrator) any tenant role, an admin those below owner. */
export function grantableRoles(role: string): Role[] {
  if (role === 'platform_admin' || role === 'owner') return [...TENANT_ROLES];
  if (role === 'admin') return TENANT_ROLES.filter((r) => r !== 'owner');
  return [];
}

/** Whether this member may change the role of, or end the sessions of, a member with role `target`. */
export function mayManage(role: string, target: string): boolean {
  if (role === 'platform_admin' || role === 'owner') return true;
  return role === 'admin' && target !== 'owner' && target !== 'platform_admin';
}
