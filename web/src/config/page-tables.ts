/**
 * The tables React shares with the server's first view (server/src/app/first_view.cpp): which content
 * types draw square, a card's aspect and a grid's columns per shape, the order of the sections and the
 * section of each content type, the image rules. One file, page-tables.json, read by both: the server
 * embeds it at build time, so a change there moves both drawings together.
 */
import tables from './page-tables.json';

export type ArticleShape = 'square' | 'landscape' | 'portrait';

/** The portal section a content type belongs to (search groups, fallbacks). */
export type ContentSection = 'music' | 'video' | 'games' | 'podcast' | 'audiobook' | 'news' | 'articles' | 'vouchers' | 'tournaments' | 'apps';

/** Cards the server draws per list: a phone's first three rows, a wide screen's first row. */
export const CARDS_PER_LIST: number = tables.cardsPerList;

export const SQUARE_TYPES: ReadonlySet<string> = new Set(tables.shapes.square);
export const PORTRAIT_TYPES: ReadonlySet<string> = new Set<string>(tables.shapes.portrait);

export const ASPECT_CLASS: Readonly<Record<ArticleShape, string>> = tables.aspectClass;

/**
 * The grids' columns; on a phone (below sm) the tenant's cards per row where it set them (`--cards-per-row-mobile`,
 * features/catalog/cards-per-row.ts), else the table's own phone columns. The server's first view draws the same.
 */
export const GRID_COLUMNS: Readonly<Record<ArticleShape, string>> = tables.gridColumns;

export const SECTION_ORDER = tables.sectionOrder as readonly ContentSection[];
export const SECTION_OF = tables.sectionOf as Readonly<Record<string, ContentSection>>;

/** The format every http(s) or absolute image URL asks for (spec §5). */
export const IMAGE_FORMAT: string = tables.images.format;
/** A blurred backdrop needs no more than a thumbnail (contracts.md, the media handler). */
export const BACKDROP_IMAGE_WIDTH: number = tables.images.backdropWidth;
