-- Issue 73: a query rail orders by "top rated" (the customers' ratings) and by "price" (cheapest first), beside newest,
-- most played and title. rating_rank: the mean score pulled toward 3 by three imagined votes, in thousandths
-- (catalog_sql.hpp kRankByRatings, kept with each rating); price_rank: the least PAY_PER_DOWNLOAD amount above 0 of the
-- article's prices (minor units; catalog_document.hpp sale_price_of, kept on write), or the largest BIGINT when it is
-- not sold alone, so that one index serves "cheapest first, the rest last" on both databases (their NULLs sort apart).
ALTER TABLE catalog_articles ADD COLUMN rating_rank BIGINT NOT NULL DEFAULT 3000;
ALTER TABLE catalog_articles ADD COLUMN price_rank BIGINT NOT NULL DEFAULT 9223372036854775807;
UPDATE catalog_articles SET rating_rank = (SELECT (COALESCE(SUM(r.score), 0) * 1000 + 9000) / (COUNT(*) + 3)
  FROM ratings r WHERE r.tenant_id = catalog_articles.tenant_id AND r.article_id = catalog_articles.id);
UPDATE catalog_articles SET price_rank = COALESCE((SELECT MIN(CAST(json_extract(p.value, '$.amount') AS INTEGER))
  FROM json_each(catalog_articles.doc, '$.prices') p
  WHERE json_extract(p.value, '$.businessModel') = 'PAY_PER_DOWNLOAD' AND json_extract(p.value, '$.amount') > 0), 9223372036854775807)
  WHERE json_valid(doc);
-- The read paths of the two orders, as 0015 has them for the others (the shape's filter, then the order).
CREATE INDEX catalog_articles_by_rated ON catalog_articles (tenant_id, rating_rank DESC, id, rating, content_type);
CREATE INDEX catalog_articles_section_rated ON catalog_articles (tenant_id, section, rating_rank DESC, id, rating, content_type);
CREATE INDEX catalog_articles_type_rated ON catalog_articles (tenant_id, content_type, rating_rank DESC, id, rating);
CREATE INDEX catalog_articles_by_price ON catalog_articles (tenant_id, price_rank, id, rating, content_type);
CREATE INDEX catalog_articles_section_price ON catalog_articles (tenant_id, section, price_rank, id, rating, content_type);
CREATE INDEX catalog_articles_type_price ON catalog_articles (tenant_id, content_type, price_rank, id, rating);
