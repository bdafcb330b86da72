/** GET /purchase/ArticleOneTimePurchase?articleId=: opens a single purchase (title, price, transaction). */
import type { OneTimePurchase } from '../types';
import { callAnswer, type Answer } from '@/lib/call-result';

/** 409 ALREADY_OWNED and 404 ARTICLE_NOT_FOR_SALE come back as answers. */
export function getOneTimePurchase(articleId: number): Promise<Answer<OneTimePurchase>> {
  return callAnswer<OneTimePurchase>('GET', '/purchase/ArticleOneTimePurchase', { query: { articleId } });
}
