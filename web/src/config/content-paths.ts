/**
 * Content path shapes (commerce §2), built from the route table: name parts are slugified, the
 * trailing id is what a details page resolves by (so a stale slug still finds the item).
 */
import { SECTION_OF, type ContentSection } from './page-tables';
import { getHref } from './paths';

/** 'Neon Skyline!' -> 'neon-skyline'; letters of every script are kept ('نيون سكاي' -> 'نيون-سكاي'). */
export function slugify(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** A slug that is never empty (a route segment must exist). */
function part(text: string | null | undefined, fallback = 'item'): string {
  return slugify(text) || fallback;
}

type Id = string | number;

export const contentPaths = {
  /** /games/details/{title}/{id}, or /games/details/{title} without id. */
  game: (title: string, id?: Id) => (id === undefined ? getHref('games-details-id', { id: part(title) }) : getHref('games-details-name-id', { name: part(title), id })),
  /** /games/category/{category}/{id}?genre={genre} */
  gameCategory: (category: string, id: Id, genre?: string) => getHref('games-category-name-id', { name: part(category), id }, { query: { genre: genre ? slugify(genre) || undefined : undefined } }),
  /** /games/publisher/{developerName} */
  gamePublisher: (developerName: string) => getHref('games-publisher-name', { name: part(developerName) }),
  /** /arcade/details/{slug}/{id}?state={state} */
  arcade: (title: string, id: Id, state?: string) => getHref('arcade-details-name-id', { name: part(title), id }, { query: { state } }),
  /** /music/artists/{name}/{id} */
  artist: (name: string, id: Id) => getHref('music-artists-artistName-id', { artistName: part(name), id }),
  /**
   * /music/albums/{artistName}/{artistId}/{albumName}/{albumId} (commerce §2 names the second part
   * {albumId}; the server's `href` carries the artist's id there, and the page resolves by the last).
   */
  album: (artistName: string, artistId: Id, albumName: string, albumId: Id) =>
    getHref('music-albums-artist-artistName-albumName-album', { artist: part(artistName, 'artist'), artistName: String(artistId), albumName: part(albumName), album: albumId }),
  /** /music/tracks/{title}/{id}; the title is optional: /music/tracks/{id}. */
  track: (title: string | null | undefined, id: Id) => (slugify(title) ? getHref('music-tracks-title-track', { title: slugify(title), track: id }) : getHref('music-tracks-track', { track: id })),
  /** /music/playlists/{name}/{id} */
  playlist: (name: string, id: Id) => getHref('music-playlists-title-playlist', { title: part(name), playlist: id }),
  /** /music/genre/{name} */
  musicGenre: (name: string) => getHref('music-genre-name', { name: part(name) }),
  /** /music/video/details/{id} */
  musicVideo: (id: Id) => getHref('music-video-details-id', { id }),
  /** /podcast/details/{name}/{id} */
  podcast: (name: string, id: Id) => getHref('podcast-details-title-id', { title: part(name), id }),
  /** /podcast/episode/{name}/{id} */
  podcastEpisode: (name: string, id: Id) => getHref('podcast-episode-title-id', { title: part(name), id }),
  /** /audiobook/details/{name}/{id} */
  audiobook: (name: string, id: Id) => getHref('audiobook-details-title-id', { title: part(name), id }),
  /** /audiobook/artists/{name}/{id} */
  audiobookArtist: (name: string, id: Id) => getHref('audiobook-artists-title-id', { title: part(name), id }),
  /** /video/details/{name}/{id} */
  video: (name: string, id: Id) => getHref('video-details-name-id', { name: part(name), id }),
  /** /video/series/details/{name}/{id} */
  series: (name: string, id: Id) => getHref('video-series-details-name-id', { name: part(name), id }),
  /** /video/category/{name}/{id} */
  videoCategory: (name: string, id: Id) => getHref('video-category-name-id', { name: part(name), id }),
  /** /apps/partner/{slug}/{id} */
  appPartner: (title: string, id: Id) => getHref('apps-partner-title-name', { title: part(title), name: id }),
  /** /apps/manage/{id} */
  appManage: (id: Id) => getHref('apps-manage-id', { id }),
  /** /mp/{slug}/{id} */
  marketplace: (title: string, id: Id) => getHref('mp-title-name', { title: part(title), name: id }),
  /** /news/{category}/{subcategory}/{articlename}/{id} */
  news: (category: string, subcategory: string, title: string, id: Id) =>
    getHref('news-category-subcategory-articlename-article', { category: part(category, 'news'), subcategory: part(subcategory, 'all'), articlename: part(title), article: id }),
  /** /articles/{category}/{subcategory}/{id}, premium under /articles/premium/… */
  article: (category: string, subcategory: string, id: Id, premium = false) =>
    premium
      ? getHref('articles-premium-category-subcategory-article', { category: part(category, 'all'), subcategory: part(subcategory, 'all'), article: id })
      : getHref('articles-category-subcategory-article', { category: part(category, 'all'), subcategory: part(subcategory, 'all'), article: id }),
  /** /vouchers/details/{id} */
  voucher: (id: Id) => getHref('vouchers-details-id', { id }),
  /** /voucherbooks/{name} */
  voucherBook: (name: string) => getHref('voucherbooks-name', { name: part(name) }),
  /** /tournaments/details/{id} */
  tournament: (id: Id) => getHref('tournaments-details-id', { id }),
  /** /partners/info-services/{name} */
  infoService: (name: string) => getHref('partners-info-services-name', { name: part(name) }),
  /** /partners/{name} */
  partner: (name: string) => getHref('partners-name', { name: part(name) }),
} as const;

/** The id a details route resolves by: the last all-digit segment parameter, else the last one. */
export function trailingId(...candidates: (string | undefined)[]): string | null {
  const present = candidates.filter((value): value is string => typeof value === 'string' && value !== '');
  const numeric = [...present].reverse().find((value) => /^\d+$/.test(value));
  return numeric ?? present[present.length - 1] ?? null;
}

export { SECTION_ORDER, type ContentSection } from './page-tables';

/** The portal section a content type belongs to (search groups, fallbacks). */
export function sectionOf(contentType: string): ContentSection | null {
  return SECTION_OF[contentType] ?? null;
}

/** An item's artist: an audiobook's author has the audiobook artist page, anyone else the music one. */
export function artistPathFor(contentType: string, artist: { id: Id; title: string }): string {
  return sectionOf(contentType) === 'audiobook' ? contentPaths.audiobookArtist(artist.title, artist.id) : contentPaths.artist(artist.title, artist.id);
}

/** A fallback path for an article without `href` (the server's `href` always wins). */
export function contentPathFor(article: { id: number; title: string; contentType: string; developerName?: string | null; artists?: { id: number; title: string }[] | null }): string {
  const { id, title } = article;
  switch (article.contentType) {
    case 'artist': return contentPaths.artist(title, id);
    case 'album': return contentPaths.album(article.artists?.[0]?.title ?? 'artist', article.artists?.[0]?.id ?? 0, title, id);
    case 'full_track_music': return contentPaths.track(title, id);
    case 'playlist': return contentPaths.playlist(title, id);
    case 'music_video': return contentPaths.musicVideo(id);
    case 'videocollection': return contentPaths.series(title, id);
    case 'full_length_video':
    case 'video': return contentPaths.video(title, id);
    case 'online_game':
    case 'game': return contentPaths.game(title, id);
    case 'publisher': return contentPaths.gamePublisher(title);
    case 'podcastcollection': return contentPaths.podcast(title, id);
    case 'podcast': return contentPaths.podcastEpisode(title, id);
    case 'audiobook': return contentPaths.audiobook(title, id);
    case 'audio_book_chapter': return contentPaths.audiobook(title, id);
    case 'news': return contentPaths.news('news', 'all', title, id);
    case 'article': return getHref('articles-category-subcategory', { category: 'articles', subcategory: id });
    case 'premium_article': return contentPaths.article('all', 'all', id, true);
    case 'voucher': return contentPaths.voucher(id);
    case 'voucherbook': return contentPaths.voucherBook(title);
    case 'tournament': return contentPaths.tournament(id);
    case 'app': return getHref('apps-pd-title-name', { title: slugify(title) || 'app', name: id });
    case 'partner': return contentPaths.appPartner(title, id);
    case 'info_service': return contentPaths.infoService(title);
    default: return getHref('search', {}, { query: { q: title } });
  }
}
