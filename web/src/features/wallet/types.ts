/**
 * Wallet answers, from the generated OpenAPI types (docs/openapi.json; docs/contracts.md "Wallet",
 * commerce §3 wallet item).
 */
import type { ApiData, CatalogArticle } from '@/lib/api-schema';

type WireWalletItem = ApiData<'getBackendWalletUserarticles'>[number];

/**
 * GET /wallet/userarticles entries. The document types `article` as any object (server
 * wallet DTO: `boost::json::object`); the server sends the catalog's article answer, typed here as
 * lib/api-schema.ts's CatalogArticle until the server describes it.
 */
export type WalletItem = Omit<WireWalletItem, 'article'> & { article: WalletArticle };
export type WalletArticle = CatalogArticle;
