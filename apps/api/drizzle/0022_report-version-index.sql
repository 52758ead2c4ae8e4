-- The performance report's cache version (docs/adr/0027-report-and-chat-costs.md): a project's newest
-- live event, read per report request as max(id) where project_id = $1, an index-only backward scan.
CREATE INDEX IF NOT EXISTS "live_events_project_idx" ON "live_events" USING btree ("project_id","id");
