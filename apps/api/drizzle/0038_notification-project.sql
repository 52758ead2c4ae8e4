-- The project a notification is about (notify()'s projectId, null when none), so a notification batch
-- whose entries are all about one project carries that project's reply address (docs/product.md §D10).
-- Rows written before have none: their batch keeps the agency's Reply-To.
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "project_id" integer REFERENCES "projects"("id") ON DELETE SET NULL;
