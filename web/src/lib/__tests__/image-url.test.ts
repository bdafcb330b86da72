import { describe, expect, it } from 'vitest';
import { toImageUrl } from '../image-url';

describe('image URLs', () => {
  it('gives protocol-relative URLs https: and asks for webp', () => {
    expect(toImageUrl('//cdn.test/a.png')).toBe('https://cdn.test/a.png?format=webp');
  });

  it('appends format=webp to http(s) and absolute paths, keeping query and hash', () => {
    expect(toImageUrl('http://cdn.test/a.jpg?w=300')).toBe('http://cdn.test/a.jpg?w=300&format=webp');
    expect(toImageUrl('/backend/media/x.png#f')).toBe('/backend/media/x.png?format=webp#f');
  });

  it('leaves data URLs and explicit formats alone, and drops empty ones', () => {
    expect(toImageUrl('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
    expect(toImageUrl('/a.png?format=png')).toBe('/a.png?format=png');
    expect(toImageUrl('  ')).toBeNull();
    expect(toImageUrl(undefined)).toBeNull();
  });
});
