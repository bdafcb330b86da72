import { describe, expect, it } from 'vitest';
import tables from '@/config/page-tables.json';
import { toImageUrl, withImageWidth } from '../image-url';

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

  it('asks for a width before the format, keeping query, hash and a width already named', () => {
    expect(toImageUrl(withImageWidth('/media/art/b.svg', 64))).toBe('/media/art/b.svg?width=64&format=webp');
    expect(withImageWidth('https://cdn.test/b.jpg?v=2#top', 64)).toBe('https://cdn.test/b.jpg?v=2&width=64#top');
    expect(withImageWidth('/b.svg?width=300', 64)).toBe('/b.svg?width=300');
  });

  // The server's client_image_url and with_image_width check the same examples (first_view_test.cpp).
  it.each(tables.images.examples)('spells %j as the server does', (input, expected) => {
    expect(toImageUrl(input) ?? '').toBe(expected);
  });

  it.each(tables.images.widthExamples)('asks %j for width %d as the server does', (input, width, expected) => {
    expect(withImageWidth(String(input), Number(width))).toBe(expected);
  });
});
