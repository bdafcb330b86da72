-- One active level per plan group (issue 9). Portable SQL.
--
-- A subscription remembers the group its type belonged to when it was bought,
-- and a partial unique index lets a user hold at most one ACTIVE subscription
-- per group (grace and cancel-requested ones are ACTIVE too): a payment, a
-- settlement, a trial or a free plan that would make a second level active
-- fails in its own transaction. An up/downgrade ends the old level before the
-- new one becomes ACTIVE, in the same transaction.
ALTER TABLE user_subscriptions ADD COLUMN group_id TEXT;
UPDATE user_subscriptions SET group_id = (
  SELECT t.group_id FROM subscription_types t
  WHERE t.tenant_id = user_subscriptions.tenant_id AND t.id = user_subscriptions.type_id);

-- Levels held at once before this rule (the bug it fixes): the newest stays,
-- as if it had replaced the others by an up/downgrade; the others are
-- CANCELED when the newest began, with an event saying why.
INSERT INTO subscription_events (id, tenant_id, subscription_id, version, from_state, from_sub_state, to_state,
                                 to_sub_state, reason, actor, at)
SELECT 'plan-group-levels-' || s.id, s.tenant_id, s.id, s.version + 1, 'ACTIVE', s.sub_state, 'CANCELED', NULL,
       'another level of the plan group was active too', 'migration',
       (SELECT MAX(n.created_at) FROM user_subscriptions n
        WHERE n.tenant_id = s.tenant_id AND n.user_uuid = s.user_uuid AND n.group_id = s.group_id AND n.state = 'ACTIVE')
FROM user_subscriptions s
WHERE s.state = 'ACTIVE' AND s.group_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM user_subscriptions n
  WHERE n.tenant_id = s.tenant_id AND n.user_uuid = s.user_uuid AND n.group_id = s.group_id AND n.state = 'ACTIVE'
    AND (n.created_at > s.created_at OR (n.created_at = s.created_at AND n.id > s.id)));
-- Order-independent: the newest of a group is never ended, so every other one
-- still sees it ACTIVE however the rows are visited.
UPDATE user_subscriptions SET state = 'CANCELED', sub_state = NULL, next_renewal_date = NULL, grace_until = NULL,
  end_date = (SELECT MAX(n.created_at) FROM user_subscriptions n
              WHERE n.tenant_id = user_subscriptions.tenant_id AND n.user_uuid = user_subscriptions.user_uuid
                AND n.group_id = user_subscriptions.group_id AND n.state = 'ACTIVE'),
  updated_at = (SELECT MAX(n.created_at) FROM user_subscriptions n
                WHERE n.tenant_id = user_subscriptions.tenant_id AND n.user_uuid = user_subscriptions.user_uuid
                  AND n.group_id = user_subscriptions.group_id AND n.state = 'ACTIVE'),
  version = version + 1
WHERE state = 'ACTIVE' AND group_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM user_subscriptions n
  WHERE n.tenant_id = user_subscriptions.tenant_id AND n.user_uuid = user_subscriptions.user_uuid
    AND n.group_id = user_subscriptions.group_id AND n.state = 'ACTIVE'
    AND (n.created_at > user_subscriptions.created_at
         OR (n.created_at = user_subscriptions.created_at AND n.id > user_subscriptions.id)));

CREATE UNIQUE INDEX user_subscriptions_group_level ON user_subscriptions (tenant_id, user_uuid, group_id)
  WHERE state = 'ACTIVE' AND group_id IS NOT NULL;

-- Charges that exclude each other (payments knows only a key; subscriptions
-- uses "plan-group:<group>"): at most one charge per tenant, user and key is
-- PROCESSING, i.e. being charged or being settled. The claim of a second one
-- fails before its provider is asked.
ALTER TABLE payments ADD COLUMN exclusive_key TEXT;
CREATE UNIQUE INDEX payments_exclusive ON payments (tenant_id, user_uuid, exclusive_key)
  WHERE status = 'PROCESSING' AND exclusive_key IS NOT NULL;
