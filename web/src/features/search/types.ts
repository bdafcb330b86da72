/** The search call's wire types, from the generated OpenAPI types (docs/openapi.json; docs/contracts.md "Search"). */
import type { ApiData, CatalogArticle } from '@/lib/api-schema';

/** GET /search: a page of catalog articles (each typed as lib/api-schema.ts's CatalogArticle). */
export type SearchAnswer = Omit<ApiData<'getBackendSearch'>, 'entries'> & { entries: SearchHit[] };
export type SearchHit = CatalogArticle;
