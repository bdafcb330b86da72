-- Challenge progress and the rewards ledger (issue 15; commerce §3 Challenge,
-- docs/contracts.md "Challenges and rewards"). Portable between SQLite and
-- PostgreSQL: text UUID keys, timestamps as ISO-8601 text.
--
-- challenge_step_hits: one row per play event that counted for a step of a
-- challenge the user opted in to. hit_key is what makes a play count once:
-- the event id (each game start counts) or "track:<id>" (each track once).
CREATE TABLE challenge_step_hits (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  challenge_id BIGINT NOT NULL,
  step_id      BIGINT NOT NULL,
  hit_key      TEXT NOT NULL,
  event_id     TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  PRIMARY KEY (tenant_id, user_uuid, step_id, hit_key)
);
CREATE INDEX challenge_step_hits_challenge ON challenge_step_hits (tenant_id, user_uuid, challenge_id);

-- The rewards ledger: credits (and, should spending come, debits) in a
-- currency (TICKETS). There is no stored total: a balance is SUM(amount).
-- source_key names what earned the entry ("challenge-step:<stepId>"); the
-- unique key makes a step's reward land once per user, whatever the number of
-- concurrent events that completed it.
CREATE TABLE reward_ledger (
  id           TEXT PRIMARY KEY,
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  currency     TEXT NOT NULL CHECK (currency = 'TICKETS'),
  amount       BIGINT NOT NULL CHECK (amount > 0),   -- credits only: TICKETS are not spent (decisions.md)
  source_key   TEXT NOT NULL,
  challenge_id BIGINT,
  step_id      BIGINT,
  created_at   TEXT NOT NULL,
  UNIQUE (tenant_id, user_uuid, source_key)
);
CREATE INDEX reward_ledger_user_time ON reward_ledger (tenant_id, user_uuid, created_at);
