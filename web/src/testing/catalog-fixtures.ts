/** Catalog answers shaped like docs/contracts.md "Catalog (issue 4)" (ids and paths from the demo catalog). */
import type { Article, ArticleDetails, ArticlePage, Category } from '@/features/catalog/types';

export function fixtureArticle(overrides: Partial<Article> & Pick<Article, 'id' | 'title' | 'contentType'>): Article {
  return {
    name: overrides.title,
    description: `${overrides.title} description`,
    firstEpisodeContentType: null,
    providerId: null,
    rating: 0,
    gradingLabel: 'all ages',
    categoryIds: [],
    releaseDate: '2024-05-01',
    licensorName: null,
    developerName: null,
    durationSeconds: null,
    fileSizeBytes: null,
    prices: [],
    additionalArtworks: [],
    imageUrl: `/media/art/catalog/${overrides.id}.svg`,
    customProperties: {},
    collectionInfo: { articleId: null },
    artists: [],
    episode: null,
    season: null,
    slug: overrides.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    ...overrides,
    // The server always sends a page path; '' is "none" (contentPathFor decides).
    href: overrides.href ?? '',
  };
}

export const ARTIST = fixtureArticle({ id: 2013, title: 'Neon Harbor', contentType: 'artist', href: '/music/artists/neon-harbor/2013' });

export const TRACK = fixtureArticle({
  id: 20001,
  title: 'Midnight Drive',
  contentType: 'full_track_music',
  href: '/music/tracks/midnight-drive/20001',
  durationSeconds: 215,
  fileSizeBytes: 5_123_456,
  licensorName: 'Crescent Sound',
  artists: [{ id: 2013, title: 'Neon Harbor', slug: 'neon-harbor' }],
  collectionInfo: { articleId: 2102 },
  prices: [{ amount: 99, currency: 'EUR', businessModel: 'PAY_PER_DOWNLOAD', promotionAmount: 75 }],
  rating: 20,
});

export const TRACK_2 = fixtureArticle({ id: 20002, title: 'Neon Rain', contentType: 'full_track_music', href: '/music/tracks/neon-rain/20002', durationSeconds: 3725, artists: [{ id: 2013, title: 'Neon Harbor', slug: 'neon-harbor' }] });

export const ALBUM: ArticleDetails = {
  ...fixtureArticle({ id: 2102, title: 'Neon Skyline', contentType: 'album', href: '/music/albums/neon-harbor/2013/neon-skyline/2102', artists: [{ id: 2013, title: 'Neon Harbor', slug: 'neon-harbor' }] }),
  tracks: [TRACK, TRACK_2],
  related: [TRACK, TRACK_2],
};

export const GAME: ArticleDetails = {
  ...fixtureArticle({
    id: 4101,
    title: 'Pixel Rally',
    contentType: 'online_game',
    href: '/games/details/pixel-rally/4101',
    developerName: 'Lumen Forge',
    prices: [{ amount: 0, currency: 'EUR', businessModel: 'DOWNLOAD_TO_OWN_FREEMIUM' }],
    additionalArtworks: [
      { artworkClass: 'SCREENSHOT', url: '/media/art/4101-shot-portrait.svg', orientation: 'Portrait', width: 720, height: 1280 },
      { artworkClass: 'SCREENSHOT', url: '/media/art/4101-shot-landscape.svg', orientation: 'Landscape', width: 1280, height: 720 },
      { artworkClass: 'VIDEO_TRAILER', url: '/media/generated/video/4101-trailer.mp4', orientation: 'Landscape' },
    ],
    customProperties: { useGameFrame: true },
  }),
  related: [],
};

export const VIDEO = fixtureArticle({ id: 3102, title: 'The Lighthouse Keeper', contentType: 'full_length_video', href: '/video/details/the-lighthouse-keeper/3102', durationSeconds: 5400 });

export function page(entries: Article[], total = entries.length, offset = 0, limit = 24): ArticlePage {
  return { entries, total, offset, limit };
}

export const MUSIC_CATEGORIES: Category[] = [
  { id: 'music-pop', section: 'music', title: 'Pop', parentId: null, count: 40 },
  { id: 'music-rock', section: 'music', title: 'Rock', parentId: null, count: 30 },
  { id: 'music-indie', section: 'music', title: 'Indie', parentId: 'music-rock', count: 5 },
];
