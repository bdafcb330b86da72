/** A slide's, tile's or menu link's target (issue 73): every choice keeps the server's one link rule. */
import { describe, expect, it } from 'vitest';
import { articleIdOfHref, categoryHref, linkKind, planHref, planIdOf, validExternal } from '../link-target';

const pages = ['/', '/subscription', '/news', '/info/faq', '/music/tracks'];

describe('link targets', () => {
  it('reads a stored link back as the kind chosen', () => {
    expect(linkKind('', pages)).toBe('none');
    expect(linkKind('/music/playlists/neon-skyline/2102', pages)).toBe('article');
    expect(linkKind('/info/faq', pages)).toBe('page');
    expect(linkKind('/subscription', pages)).toBe('page');
    expect(linkKind(planHref(7), pages)).toBe('plan');
    expect(linkKind('https://example.com/offer', pages)).toBe('external');
  });

  it('builds a plan link and a genre page as the storefront links them', () => {
    expect(planHref(7)).toBe('/subscription?plan=7');
    expect(planIdOf('/subscription?plan=7')).toBe(7);
    expect(categoryHref('music', 'music-synthwave')).toBe('/music/genre/music-synthwave');
    expect(categoryHref('video', 'video-drama')).toBe('/video/category/video-drama/video-drama');
    expect(articleIdOfHref('/games/details/pixel-rally/4101')).toBe(4101);
  });

  it('takes an external address only as the server does: http(s), a host, no spaces or quotes', () => {
    expect(validExternal('https://example.com/offer?x=1')).toBe(true);
    expect(validExternal('http://example.com')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'example.com', 'https://exa mple.com', 'https://user:pw@example.com', '//example.com', 'https://example.com/"x']) {
      expect(validExternal(bad), bad).toBe(false);
    }
  });
});
