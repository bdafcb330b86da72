/**
 * The page's Content-Security-Policy nonce (docs/security.md "Security headers and CSP"). The server
 * puts a fresh one on Vite's `<meta property="csp-nonce">` for every page; a `<style>` the client adds
 * (tenant colours, the dialogs' scroll lock) carries it, or the policy refuses it. The browser hides
 * the attribute once the page is parsed, so it is read from the element's `nonce` property.
 */
import { setNonce } from 'get-nonce';

export function documentNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // The property (the attribute reads "" once hidden); the attribute where the property is missing (jsdom).
  for (const value of [meta?.nonce, meta?.getAttribute('nonce')]) if (value) return value;
  return undefined;
}

/** Hands the nonce to the libraries that add styles of their own (Radix dialogs via react-style-singleton). */
export function shareNonce(doc: Document = document): void {
  const nonce = documentNonce(doc);
  if (nonce) setNonce(nonce);
}
