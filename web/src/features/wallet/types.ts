/** Wallet answers (docs/contracts.md "Wallet", commerce §3 wallet item). */
export interface WalletArticle {
  id: number;
  title: string;
  contentType: string;
  imageUrl?: string | null;
  href?: string;
  artists?: { id: number; title: string }[];
  durationSeconds?: number | null;
  collectionInfo?: { articleId?: number | null } | null;
}

export interface WalletItem {
  id: number;
  isCollection: boolean;
  collectionArticles: number[];
  acquiredAt: string;
  source: string;
  article: WalletArticle;
}

export interface WalletPage {
  items: WalletItem[];
  total: number;
  first: number;
  last: number;
  hasHeader: boolean;
}
