-- One open (unused) invitation per address and project, so a double click on "Send invitation" sends one
-- (docs/product.md §F13). Older open duplicates are closed first, the newest of each kept; a closed
-- invitation's link no longer signs anyone up, as for one that was used.
UPDATE "invitations" AS i SET "used_at" = now()
WHERE i."used_at" IS NULL AND EXISTS (
  SELECT 1 FROM "invitations" AS newer
  WHERE newer."used_at" IS NULL AND newer."project_id" = i."project_id"
    AND lower(newer."email") = lower(i."email") AND newer."id" > i."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "invitations_open_email_uq" ON "invitations" ("project_id", lower("email")) WHERE "used_at" IS NULL;
