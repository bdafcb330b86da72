/** The wallet page the client shows: the answer's items and the paging the X-Result-Count header gives (not an answer shape). */
import type { WalletItem } from './types';

export interface WalletPage {
  items: WalletItem[];
  total: number;
  first: number;
  last: number;
  /** The answer carried X-Result-Count (else the counts are worked out from the items). */
  hasHeader: boolean;
}
