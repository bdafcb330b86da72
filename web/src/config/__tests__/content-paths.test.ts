import { describe, expect, it } from 'vitest';
import { contentPathFor, contentPaths, sectionOf, slugify, trailingId } from '../content-paths';

describe('slugs and content path shapes (commerce §2)', () => {
  it('slugifies name parts, keeping letters of every script', () => {
    expect(slugify('Neon Skyline!')).toBe('neon-skyline');
    expect(slugify('  Café  del Mar ')).toBe('cafe-del-mar');
    expect(slugify('Starfall: Season Two')).toBe('starfall-season-two');
    expect(slugify('نيون سكاي')).toBe('نيون-سكاي');
    expect(slugify('---')).toBe('');
    expect(slugify(null)).toBe('');
  });

  it('builds every shape', () => {
    expect(contentPaths.game('Pixel Rally', 4101)).toBe('/games/details/pixel-rally/4101');
    expect(contentPaths.game('Pixel Rally')).toBe('/games/details/pixel-rally');
    expect(contentPaths.gameCategory('Racing Games', 'games-racing', 'Arcade')).toBe('/games/category/racing-games/games-racing?genre=arcade');
    expect(contentPaths.gameCategory('Racing', 7)).toBe('/games/category/racing/7');
    expect(contentPaths.gamePublisher('Lumen Forge')).toBe('/games/publisher/lumen-forge');
    expect(contentPaths.arcade('Pixel Rally', 4101, 'play')).toBe('/arcade/details/pixel-rally/4101?state=play');
    expect(contentPaths.artist('Neon Harbor', 2013)).toBe('/music/artists/neon-harbor/2013');
    expect(contentPaths.album('Neon Harbor', 2013, 'Neon Skyline', 2102)).toBe('/music/albums/neon-harbor/2013/neon-skyline/2102');
    expect(contentPaths.track('Midnight Drive', 20001)).toBe('/music/tracks/midnight-drive/20001');
    expect(contentPaths.track(null, 20001)).toBe('/music/tracks/20001');
    expect(contentPaths.playlist('Road Trip', 2301)).toBe('/music/playlists/road-trip/2301');
    expect(contentPaths.podcast('Late Night Frequencies', 5101)).toBe('/podcast/details/late-night-frequencies/5101');
    expect(contentPaths.podcastEpisode('Episode One', 5111)).toBe('/podcast/episode/episode-one/5111');
    expect(contentPaths.audiobook('Star Maps', 6101)).toBe('/audiobook/details/star-maps/6101');
    expect(contentPaths.audiobookArtist('Lena Park', 6001)).toBe('/audiobook/artists/lena-park/6001');
    expect(contentPaths.appPartner('Cedar Telecom', 9101)).toBe('/apps/partner/cedar-telecom/9101');
    expect(contentPaths.appManage(9001)).toBe('/apps/manage/9001');
    expect(contentPaths.marketplace('Photo Editor', 9001)).toBe('/mp/photo-editor/9001');
    expect(contentPaths.video('The Lighthouse Keeper', 3102)).toBe('/video/details/the-lighthouse-keeper/3102');
    expect(contentPaths.series('Starfall', 3101)).toBe('/video/series/details/starfall/3101');
    expect(contentPaths.news('news-culture', 'all', 'Berlin: New festival', 7001)).toBe('/news/news-culture/all/berlin-new-festival/7001');
    expect(contentPaths.voucherBook('Starter Pack')).toBe('/voucherbooks/starter-pack');
    expect(contentPaths.infoService('Daily Horoscope')).toBe('/partners/info-services/daily-horoscope');
  });

  it('never leaves a name part empty', () => {
    expect(contentPaths.artist('!!!', 5)).toBe('/music/artists/item/5');
  });

  it('falls back by content type when an article has no href', () => {
    expect(contentPathFor({ id: 20001, title: 'Midnight Drive', contentType: 'full_track_music' })).toBe('/music/tracks/midnight-drive/20001');
    expect(contentPathFor({ id: 2102, title: 'Neon Skyline', contentType: 'album', artists: [{ id: 2013, title: 'Neon Harbor' }] })).toBe('/music/albums/neon-harbor/2013/neon-skyline/2102');
    expect(contentPathFor({ id: 4001, title: 'Lumen Forge', contentType: 'publisher' })).toBe('/games/publisher/lumen-forge');
    expect(contentPathFor({ id: 1, title: 'x', contentType: 'unknown' })).toBe('/search?q=x');
  });

  it('resolves details pages by the trailing id', () => {
    expect(trailingId(undefined, 'stale-title', '20001')).toBe('20001');
    expect(trailingId('neon-harbor', '2013', 'neon-skyline', '2102')).toBe('2102');
    expect(trailingId('pixel-rally')).toBe('pixel-rally');
    expect(trailingId()).toBeNull();
  });

  it('knows each content type’s section', () => {
    expect(sectionOf('full_track_music')).toBe('music');
    expect(sectionOf('online_game')).toBe('games');
    expect(sectionOf('videocollection')).toBe('video');
    expect(sectionOf('audio_book_chapter')).toBe('audiobook');
    expect(sectionOf('nope')).toBeNull();
  });
});
