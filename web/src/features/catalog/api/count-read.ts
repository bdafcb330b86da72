/** GET {backend}/concon/countread?id&category: counts one read of an article (fire and forget). */
import { getApiClient } from '@/lib/api-client';

export async function countRead(id: number, category?: string): Promise<void> {
  await getApiClient().get('/concon/countread', { query: { id, category } });
}
