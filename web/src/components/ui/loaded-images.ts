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
