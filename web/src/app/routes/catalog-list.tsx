/**
 * Every catalog list route: a section's items (GET /catalog/articles with section / contentType /
 * category), its category chips, sorting and "load more". A numeric last segment on the article,
 * news and marketplace shapes that share a pattern with a list (e.g. /articles/{category}/{id},
 * /articles/{id}, /mp/{id}) is an item: the details page renders instead. The page payload's `list`
 * is the first page when present.
 */
import { Suspense, useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useLocation, useMatches, useParams, useSearchParams } from 'react-router';
import { getHref, type PageKey } from '@/config/paths';
import type { ArticlesQuery } from '@/features/catalog/api/get-articles';
import { ArticleList } from '@/features/catalog/components/article-list';
import { CategoryChips } from '@/features/catalog/components/category-chips';
import { payloadList } from '@/features/catalog/seed-catalog';
import type { Category } from '@/features/catalog/types';
import { pagePayload } from '@/lib/page-payload';
import { SubscribeOfferSlot } from '../commerce-slots';
import { isRouteHandle } from '../route-handle';
import { lazyPart } from '@/lib/lazy-part';
import { loadPageFile } from './page-modules';

/** Some list routes show an item when their last segment is its id: the details page, loaded then. */
const CatalogDetailsPage = lazyPart(() => loadPageFile('catalog-details').then((module) => module.default));

type Params = Readonly<Partial<Record<string, string>>>;

interface ListConfig {
  query: ArticlesQuery;
  /** The section whose categories show as chips, and where a chip leads. */
  chips?: { section: string; href: (category: Category) => string; allHref: string; active?: string | null };
}

const SECTION_WORDS = new Set(['all', 'list', 'music', 'video', 'games', 'news', 'articles', 'premium', 'vouchers', 'apps', 'podcast', 'audiobook']);

/** A category parameter, unless it only repeats the section ("/news/news", "/video/list/all"). */
const category = (value: string | undefined | null) => (value && !SECTION_WORDS.has(value.toLowerCase()) ? value : undefined);

/**
 * A named list (/video/list/:name, /games/list/:name): a category id of the section (`video-drama`),
 * or a curated name: featured / popular / top sort by popularity, new / latest by date.
 */
function namedList(section: string, name: string | undefined): Pick<ArticlesQuery, 'category' | 'sort'> {
  if (!name) return {};
  const lower = name.toLowerCase();
  if (['featured', 'popular', 'top', 'trending'].includes(lower)) return { sort: 'popular' };
  if (['new', 'latest', 'recent'].includes(lower)) return { sort: 'new' };
  return { category: lower.startsWith(`${section}-`) ? name : category(name) };
}

const musicChips = (active?: string | null) => ({ section: 'music', href: (c: Category) => getHref('music-genre-name', { name: c.id }), allHref: getHref('music-list', {}), active });
const videoChips = (active?: string | null) => ({ section: 'video', href: (c: Category) => getHref('video-category-name-id', { name: c.id, id: c.id }), allHref: getHref('video-list-name', { name: 'all' }), active });
const gameChips = (active?: string | null) => ({ section: 'games', href: (c: Category) => getHref('games-category-name-id', { name: c.id, id: c.id }), allHref: getHref('games-list', {}), active });
const audiobookChips = (active?: string | null) => ({ section: 'audiobook', href: (c: Category) => getHref('audiobook-genre-name', { name: c.id }), allHref: getHref('audiobook-list', {}), active });
const podcastChips = (active?: string | null) => ({ section: 'podcast', href: (c: Category) => getHref('podcast-list', {}, { query: { category: c.id } }), allHref: getHref('podcast-list', {}), active });
const newsChips = (active?: string | null) => ({ section: 'news', href: (c: Category) => getHref('news-category', { category: c.id }), allHref: getHref('news-category', { category: 'news' }), active });
const articleChips = (active?: string | null) => ({ section: 'articles', href: (c: Category) => getHref('articles-category', { category: c.id }), allHref: getHref('articles-premium', {}), active });
const appChips = (active?: string | null) => ({ section: 'apps', href: (c: Category) => getHref('mp-category', { category: c.id }), allHref: getHref('apps-viewAll', {}), active });
const voucherChips = (active?: string | null) => ({ section: 'vouchers', href: (c: Category) => getHref('vouchers-category-id', { id: c.id }), allHref: getHref('vouchers-category-id', { id: 'all' }), active });

const LISTS: Partial<Record<PageKey, (p: Params, q: URLSearchParams) => ListConfig>> = {
  musicList: (_p, q) => ({ query: { section: 'music', category: category(q.get('category')) }, chips: musicChips(q.get('category')) }),
  musicTracks: (_p, q) => ({ query: { contentType: 'full_track_music', category: category(q.get('category')) }, chips: musicChips(q.get('category')) }),
  musicTrackCategories: () => ({ query: { contentType: 'full_track_music' }, chips: musicChips() }),
  musicAlbums: (_p, q) => ({ query: { contentType: 'album', category: category(q.get('category')) }, chips: { ...musicChips(), href: (c) => getHref('music-albums-category-name', { name: c.id }), allHref: getHref('music-albums', {}) } }),
  musicAlbumCategory: (p) => ({ query: { contentType: 'album', category: category(p.name) }, chips: { ...musicChips(p.name), href: (c) => getHref('music-albums-category-name', { name: c.id }), allHref: getHref('music-albums', {}) } }),
  musicGenre: (p) => ({ query: { section: 'music', category: category(p.name) }, chips: musicChips(p.name) }),
  musicPlaylists: () => ({ query: { contentType: 'playlist' } }),
  videoList: (p) => ({ query: { section: 'video', ...namedList('video', p.name) }, chips: videoChips(namedList('video', p.name).category) }),
  videoCategory: (p) => ({ query: { section: 'video', category: category(p.id) }, chips: videoChips(p.id) }),
  videoTest: () => ({ query: { section: 'video' } }),
  gamesList: (p) => ({ query: { section: 'games', ...namedList('games', p.id ?? p.name) }, chips: gameChips(namedList('games', p.id ?? p.name).category) }),
  gamesCategory: (p, q) => ({ query: { section: 'games', category: category(q.get('genre') ?? p.id ?? p.name) }, chips: gameChips(q.get('genre') ?? p.id ?? p.name) }),
  podcastList: (_p, q) => ({ query: { contentType: 'podcastcollection', category: category(q.get('category')) }, chips: podcastChips(q.get('category')) }),
  audiobookList: () => ({ query: { contentType: 'audiobook' }, chips: audiobookChips() }),
  audiobookCategories: () => ({ query: { contentType: 'audiobook' }, chips: audiobookChips() }),
  audiobookGenre: (p) => ({ query: { section: 'audiobook', category: category(p.name) }, chips: audiobookChips(p.name) }),
  newsCategory: (p) => ({ query: { contentType: 'news', category: category(p.category) }, chips: newsChips(category(p.category)) }),
  newsSubcategory: (p) => ({ query: { contentType: 'news', category: category(p.subcategory) ?? category(p.category) }, chips: newsChips(category(p.subcategory) ?? category(p.category)) }),
  articlesCategory: (p) => ({ query: { contentType: 'article', category: category(p.category) }, chips: articleChips(category(p.category)) }),
  articlesSubcategory: (p) => ({ query: { contentType: 'article', category: category(p.subcategory) ?? category(p.category) }, chips: articleChips(category(p.subcategory)) }),
  premiumArticles: () => ({ query: { contentType: 'premium_article' } }),
  premiumCategory: (p) => ({ query: { contentType: 'premium_article', category: category(p.category) } }),
  premiumSubcategory: (p) => ({ query: { contentType: 'premium_article', category: category(p.subcategory) ?? category(p.category) } }),
  voucherCategory: (p) => ({ query: { section: 'vouchers', category: category(p.id) }, chips: voucherChips(category(p.id)) }),
  appsAll: () => ({ query: { section: 'apps' }, chips: appChips() }),
  appsManage: () => ({ query: { contentType: 'app' } }),
  marketplaceCategory: (p) => ({ query: { section: 'apps', category: category(p.category) }, chips: appChips(category(p.category)) }),
  infoServices: () => ({ query: { contentType: 'info_service' } }),
};

/** `featured` is the catalog's own order (no `sort` sent). */
const SORTS = ['featured', 'new', 'popular', 'title'] as const;

/** The parameter whose numeric value makes a list pattern an item page. */
const ITEM_PARAM: Partial<Record<PageKey, string>> = {
  // /articles/{id}: the article page with its optional category left out (spec §2 /articles/:category?/:article).
  articlesCategory: 'category',
  articlesSubcategory: 'subcategory',
  premiumSubcategory: 'subcategory',
  newsSubcategory: 'subcategory',
  marketplaceCategory: 'category',
};

export default function CatalogListPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const sortId = useId();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const handle = [...useMatches()].reverse().map((match) => match.handle).find(isRouteHandle);
  const page = handle?.route.page;
  const build = page ? LISTS[page] : undefined;
  if (!handle || !page || !build) return null;
  const itemParam = ITEM_PARAM[page];
  if (itemParam && /^\d+$/.test(params[itemParam] ?? '')) {
    return (
      <Suspense fallback={null}>
        <CatalogDetailsPage />
      </Suspense>
    );
  }

  const config = build(params, search);
  const sortParam = search.get('sort');
  const sort = SORTS.find((value) => value === sortParam && value !== 'featured');
  const query = Object.fromEntries(Object.entries({ ...config.query, sort: sort ?? config.query.sort }).filter(([, value]) => value !== undefined)) as ArticlesQuery;
  const firstPage = payloadList(pagePayload(pathname), query);

  return (
    <section data-page={page} aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <header className="flex flex-col gap-2">
          <h1 id={headingId} className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t(handle.route.titleKey)}</h1>
          <p className="text-lg text-muted">{t(handle.route.descriptionKey)}</p>
        </header>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-semibold text-muted">
            {t('catalog.sortLabel')}
          </label>
          <select
            id={sortId}
            value={query.sort ?? 'featured'}
            onChange={(event) => {
              const next = new URLSearchParams(search);
              if (event.target.value === 'featured') next.delete('sort');
              else next.set('sort', event.target.value);
              setSearch(next, { replace: true });
            }}
            className="rounded-xl border border-border bg-surface px-3 py-2 text-sm font-semibold text-text"
          >
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`catalog.sort.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {config.chips && <CategoryChips section={config.chips.section} hrefOf={config.chips.href} allHref={config.chips.allHref} activeId={config.chips.active ?? null} />}
      {/* The subscribe button (commerce §4): the plans of this section's category. */}
      <SubscribeOfferSlot sectionOnly />
      <ArticleList key={JSON.stringify(query)} query={query} firstPage={firstPage} label={t(handle.route.titleKey)} />
    </section>
  );
}
