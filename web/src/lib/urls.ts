/** True for an absolute URL on another origin (it leaves the single-page app). */
export function isExternalUrl(href: string): boolean {
  if (!/^(https?:)?\/\//i.test(href)) return false;
  try {
    return new URL(href, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}
