-- Consumption and royalty statements (issue 35, task "usage"; docs/reports.md "Consumption",
-- "Royalties"). The usage_* tables are daily aggregates kept by the reports' refresh job (the
-- "usage" RefreshSource, domains/reports/usage_source.cpp): derived data, any day may be recomputed
-- from the raw rows. The royalty_* tables are not derived: an issued statement and its frozen lines.

-- Per day (UTC), article and listener's language: plays = tickets issued that day; counted_ms and
-- claimed_ms = the 'listened' reports received that day; games_started = game sessions opened that day.
-- content_type, section and licensor are the article's (the catalog's) when the day was refreshed.
CREATE TABLE usage_article_days (
  tenant_id     BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  day           TEXT NOT NULL,
  article_id    BIGINT NOT NULL,
  language      TEXT NOT NULL,
  content_type  TEXT NOT NULL,
  section       TEXT NOT NULL,
  licensor      TEXT NOT NULL,
  plays         BIGINT NOT NULL DEFAULT 0,
  counted_ms    BIGINT NOT NULL DEFAULT 0,
  claimed_ms    BIGINT NOT NULL DEFAULT 0,
  games_started BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day, article_id, language)
);
-- The same figures per section x content type x language: the consumption report's series and breakdowns.
CREATE TABLE usage_slice_days (
  tenant_id     BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  day           TEXT NOT NULL,
  section       TEXT NOT NULL,
  content_type  TEXT NOT NULL,
  language      TEXT NOT NULL,
  plays         BIGINT NOT NULL DEFAULT 0,
  counted_ms    BIGINT NOT NULL DEFAULT 0,
  claimed_ms    BIGINT NOT NULL DEFAULT 0,
  games_started BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day, section, content_type, language)
);
-- The funnel per day: visits (pageView events, sent only with analytics consent), sign-ups (users
-- created) and first subscriptions (a customer's first subscription that is not merely REQUESTED).
CREATE TABLE usage_funnel_days (
  tenant_id           BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  day                 TEXT NOT NULL,
  visits              BIGINT NOT NULL DEFAULT 0,
  sign_ups            BIGINT NOT NULL DEFAULT 0,
  first_subscriptions BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day)
);
-- The dirty days of the raw rows (written at or after a run's `since`) and one day's rows.
CREATE INDEX usage_stream_tickets_time ON stream_tickets (tenant_id, created_at);
CREATE INDEX usage_game_sessions_time ON game_sessions (tenant_id, created_at);
CREATE INDEX usage_users_time ON users (tenant_id, created_at);
CREATE INDEX usage_user_subscriptions_changed ON user_subscriptions (tenant_id, updated_at);
CREATE INDEX usage_user_subscriptions_created ON user_subscriptions (tenant_id, created_at);

-- One issued statement per tenant and month (YYYY-MM): the primary key is what makes two instances
-- issuing the same month at once fail but one.
CREATE TABLE royalty_statements (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  month      TEXT NOT NULL,
  issued_at  TEXT NOT NULL,
  issued_by  TEXT NOT NULL,
  PRIMARY KEY (tenant_id, month)
);
-- The frozen lines of an issued statement, copied in the issuing transaction.
CREATE TABLE royalty_lines (
  tenant_id    BIGINT NOT NULL,
  month        TEXT NOT NULL,
  article_id   BIGINT NOT NULL,
  licensor     TEXT NOT NULL,
  title        TEXT NOT NULL,
  content_type TEXT NOT NULL,
  plays        BIGINT NOT NULL,
  counted_ms   BIGINT NOT NULL,
  claimed_ms   BIGINT NOT NULL,
  PRIMARY KEY (tenant_id, month, article_id),
  FOREIGN KEY (tenant_id, month) REFERENCES royalty_statements (tenant_id, month) ON DELETE CASCADE
);
