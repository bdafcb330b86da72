/**
 * Tenant colours and the tenant's own stylesheet. The server puts both into the HTML shell; when
 * the page was not server-rendered (or the settings changed) the client adds or updates them.
 */
import { TENANT_COLORS_ELEMENT_ID, TENANT_STYLESHEET_ELEMENT_ID } from '@/config/env';
import { documentNonce } from '@/lib/csp-nonce';

export function applyTenantColors(css: string | undefined, doc: Document = document): void {
  if (!css) return;
  let style = doc.getElementById(TENANT_COLORS_ELEMENT_ID);
  if (!style) {
    style = doc.createElement('style');
    style.id = TENANT_COLORS_ELEMENT_ID;
    const nonce = documentNonce(doc);
    if (nonce) style.setAttribute('nonce', nonce);
    doc.head.appendChild(style);
  }
  if (style.textContent !== css) style.textContent = css;
}

export function applyCustomStylesheet(href: string | undefined, doc: Document = document): void {
  if (!href) return;
  const present =
    doc.getElementById(TENANT_STYLESHEET_ELEMENT_ID) !== null ||
    Array.from(doc.querySelectorAll('link[rel="stylesheet"]')).some((link) => link.getAttribute('href') === href);
  if (present) return;
  const link = doc.createElement('link');
  link.id = TENANT_STYLESHEET_ELEMENT_ID;
  link.rel = 'stylesheet';
  link.href = href;
  doc.head.appendChild(link);
}
