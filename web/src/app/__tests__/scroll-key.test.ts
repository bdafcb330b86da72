import { describe, expect, it } from 'vitest';
import { scrollKey } from '../scroll-key';

describe('scroll position key (issue 30: a typed address opened at the previous page position)', () => {
  it('keys a loaded page by its address, in-app entries by their history key', () => {
    expect(scrollKey({ key: 'default', pathname: '/music', search: '' })).toBe('/music');
    expect(scrollKey({ key: 'default', pathname: '/news', search: '?page=2' })).toBe('/news?page=2');
    expect(scrollKey({ key: 'default', pathname: '/music', search: '' })).not.toBe(scrollKey({ key: 'default', pathname: '/news', search: '' }));
    expect(scrollKey({ key: 'x1y2', pathname: '/music', search: '' })).toBe('x1y2');
  });
});
