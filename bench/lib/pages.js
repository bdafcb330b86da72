// The pages the client's benchmarks load (bench/lighthouse, bench/start-trace): five page types in
// English on aurora and in Arabic on noor (its default language, so /ar is its home), and the median
// both print of a page's runs.
'use strict';

const PAGE_TYPES = [
  { name: 'home', path: '' },
  { name: 'music list', path: '/music/tracks' },
  { name: 'track details', path: '/music/tracks/midnight-drive/20001' },
  { name: 'video details', path: '/video/details/the-lighthouse-keeper/3102' },
  { name: 'search', path: '/search?q=midnight' },
];
const LANGUAGES = [
  { lang: 'en', tenant: 'aurora', prefix: '' },
  { lang: 'ar', tenant: 'noor', prefix: '/ar' },
];

/** Every page on the portal at `port`, or those whose "name lang" contains one of `only`'s words. */
function benchPages(port, only) {
  return LANGUAGES.flatMap(({ lang, tenant, prefix }) =>
    PAGE_TYPES.map((page) => ({ ...page, lang, url: `http://${tenant}.localhost:${port}${prefix}${page.path}` })),
  ).filter((page) => only.length === 0 || only.some((word) => `${page.name} ${page.lang}`.includes(word)));
}

/** The middle value of a page's runs (the upper one of an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

module.exports = { benchPages, median };
