-- The article days summed per month (issue 35, "fast at scale"): a year of a large tenant is some 600,000
-- article days and about 30,000 article months. The consumption report's top articles and the royalty
-- statements read whole months here and only a range's partial months from usage_article_days. Derived
-- data like the days: the reports' refresh recomputes a day's month in the transaction that recomputes
-- the day (domains/reports/usage_source.cpp). The key carries what the days carry per row (the article's
-- content type, section and licensor when the day was refreshed), so a month sums its days exactly.
CREATE TABLE usage_article_months (
  tenant_id     BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  month         TEXT NOT NULL,
  article_id    BIGINT NOT NULL,
  language      TEXT NOT NULL,
  content_type  TEXT NOT NULL,
  section       TEXT NOT NULL,
  licensor      TEXT NOT NULL,
  plays         BIGINT NOT NULL DEFAULT 0,
  counted_ms    BIGINT NOT NULL DEFAULT 0,
  claimed_ms    BIGINT NOT NULL DEFAULT 0,
  games_started BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, month, article_id, language, content_type, section, licensor)
);

-- Games started are now the server's instantPlay events, not the game sessions (pruned once they expire,
-- so a recomputed day lost its games): every tenant's next refresh recomputes every day, and with it
-- every month (an empty `since` selects every raw row).
UPDATE report_refresh_state SET since = '';
