-- When a person was mentioned: a mention added by an edit is a new mention, its early mail due a minute
-- after the edit, not after the message (docs/adr/0022-project-chat.md). Existing mentions date from
-- their message.
ALTER TABLE "message_mentions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "message_mentions" mm SET "created_at" = m."created_at" FROM "messages" m WHERE m."id" = mm."message_id";--> statement-breakpoint
-- A commit whose branch was deleted at the provider leaves the Git tab (task links keep it); a later push
-- of it to a branch lists it there again (docs/adr/0023-webhooks.md).
ALTER TABLE "git_commits" ADD COLUMN "branch_deleted_at" timestamp with time zone;--> statement-breakpoint
-- Raw deliveries are pruned after their retention: the prune reads the oldest first.
CREATE INDEX IF NOT EXISTS "webhook_deliveries_received_idx" ON "webhook_deliveries" ("received_at");
