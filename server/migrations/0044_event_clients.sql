-- Who sent a client event (issue 45: page views with made-up visit ids inflated the Consumption report):
-- "user:<public id>" or "address:" and a keyed hash of the address (domains/events/events_service.hpp).
-- NULL for the server's own events and for events kept before this column. The report counts at most
-- kMaxVisitsPerClientDay visits per client and day (domains/reports/usage_source.cpp).
ALTER TABLE events ADD COLUMN client TEXT;
