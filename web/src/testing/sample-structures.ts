/** Small tenant structures in the contract's ConfigNode shape, for tests. */
import type { ConfigNode } from '@/lib/portal-types';

const card = (id: number, title: string, clickUrl = `/music/tracks/${id}`): ConfigNode => ({
  id: String(id),
  name: `card-${id}`,
  data: { title, subTitle: `Artist ${id}`, imageUrl: `/media/${id}.png`, clickUrl },
});

export const HOME: ConfigNode = {
  name: 'home',
  data: { title: 'Home' },
  substructure: [
    {
      name: 'hero',
      data: { title: 'Featured', customProperties: { type: 'banner' } },
      substructure: [
        { name: 'slide-1', data: { title: 'Summer Sounds', subTitle: 'Fresh hits', imageUrl: '//cdn.test/slide1.jpg', clickUrl: '/music/playlists/1?c={{query.campaign}}' } },
        { name: 'slide-2', data: { title: 'Movie Night', imageUrl: '/media/slide2.jpg', clickUrl: '/video/details/9', customProperties: { type: 'slide', ctaKey: 'common.discover' } } },
      ],
    },
    { name: 'new-music', data: { title: 'New music', customProperties: { type: 'rail', aspect: 'square', seeAllKey: 'common.seeAll', seeAllUrl: '/music/tracks' } }, substructure: [card(1, 'Blue Sky'), card(2, 'Night Drive')] },
    { name: 'games', data: { title: 'Top games', customProperties: { type: 'grid' } }, substructure: [card(3, 'Space Run', '/games/details/3'), card(4, 'Word Hunt', 'https://partner.test/play')] },
  ],
};

export const HEADER: ConfigNode = {
  name: 'header',
  data: { title: 'Aurora', customProperties: { type: 'links' } },
  substructure: [
    { name: 'music', data: { title: 'Music', clickUrl: '/music/list' } },
    { name: 'video', data: { title: 'Video', clickUrl: '/video/list/all' } },
  ],
};

export const FOOTER: ConfigNode = {
  name: 'footer',
  data: { title: 'Footer', customProperties: { type: 'links' } },
  substructure: [{ name: 'imprint', data: { title: 'Imprint', clickUrl: '/impressum' } }],
};

export const STRUCTURES = { home: HOME, header: HEADER, footer: FOOTER };
