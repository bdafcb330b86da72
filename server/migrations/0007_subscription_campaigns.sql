-- What the subscribe call carries about its origin (issue 5 follow-up): the
-- marketing campaign (JSON: a string or an object, NULL when none) and the
-- consents the user gave (a JSON array), kept on the checkout and copied to
-- the subscription it creates. Portable: one ADD COLUMN per statement.
ALTER TABLE subscription_checkouts ADD COLUMN marketing_campaign TEXT;
ALTER TABLE subscription_checkouts ADD COLUMN consents TEXT NOT NULL DEFAULT '[]';
ALTER TABLE user_subscriptions ADD COLUMN marketing_campaign TEXT;
ALTER TABLE user_subscriptions ADD COLUMN consents TEXT NOT NULL DEFAULT '[]';
