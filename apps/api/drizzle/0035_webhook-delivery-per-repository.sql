-- Issue 41 finding 5c: a delivery id is unique per repository, not across all of them; a signed push to
-- one repository that reuses another repository's id is its own delivery (docs/adr/0023-webhooks.md).
-- The new index is weaker than the old one, so no stored row can violate it.
CREATE UNIQUE INDEX IF NOT EXISTS "webhook_deliveries_repository_delivery_uq" ON "webhook_deliveries" ("repository_id", "delivery_id");--> statement-breakpoint
DROP INDEX IF EXISTS "webhook_deliveries_uq";
