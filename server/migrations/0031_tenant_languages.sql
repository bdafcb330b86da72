-- A tenant's languages (issue 32 item 5): the ordered subset of the six languages it offers,
-- comma-separated ("en,ar"), always holding its default_locale. Existing tenants keep all six.
ALTER TABLE tenants ADD COLUMN languages TEXT NOT NULL DEFAULT 'en,ar,fr,de,es,ro';
