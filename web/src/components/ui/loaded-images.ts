/** The image URLs that loaded recently (at most 200, oldest dropped first). */
import { LAZY_IMAGE_CACHE_SIZE } from '@/config/env';

const loadedUrls = new Set<string>();

export function rememberLoaded(url: string): void {
  loadedUrls.delete(url);
  loadedUrls.add(url);
  if (loadedUrls.size > LAZY_IMAGE_CACHE_SIZE) {
    const oldest = loadedUrls.values().next().value;
    if (oldest !== undefined) loadedUrls.delete(oldest);
  }
}

export function clearLoadedImageCache(): void {
  loadedUrls.clear();
}

export function hasLoaded(url: string): boolean {
  return loadedUrls.has(url);
}

/**
 * The images a server-drawn picture shows (#root's children before the app's first render): the
 * app draws them at once, with no placeholder, fade or wait for the viewport, so the picture does
 * not flicker as the app replaces it (issue 14: twelve fades were frames to draw as the page started).
 */
export function rememberShownImages(root: ParentNode): void {
  for (const image of root.querySelectorAll('img')) {
    const src = image.getAttribute('src');
    if (src && image.complete && image.naturalWidth > 0) rememberLoaded(src);
  }
}
