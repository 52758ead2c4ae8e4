-- Notification centre (docs/adr/0020-notifications.md): one row per recipient, written by notify() inside
-- the transaction of the change it tells about. The list is read newest first by keyset on
-- (user_id, id): the partial index holds only what the bell shows, so a page is an index range scan at
-- any table size; unread counts read the smaller partial index of unread rows.
CREATE TABLE IF NOT EXISTS "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"subject_type" text,
	"subject_id" integer,
	"in_app" boolean DEFAULT true NOT NULL,
	"mail_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_user_list_idx" ON "notifications" USING btree ("user_id", "id" DESC) WHERE "in_app";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_user_unread_idx" ON "notifications" USING btree ("user_id", "id") WHERE "in_app" AND "read_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_mail_pending_idx" ON "notifications" USING btree ("user_id", "id") WHERE "mail_pending";--> statement-breakpoint
-- A user's choices per kind; a kind with no row follows the defaults in packages/domain (notifications.ts).
CREATE TABLE IF NOT EXISTS "notification_preferences" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "notification_preferences_pk" PRIMARY KEY ("user_id", "kind")
);--> statement-breakpoint
-- When a user's last notification mail went out: the next one waits until 5 minutes after it.
CREATE TABLE IF NOT EXISTS "notification_mailings" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"last_mailed_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- A live event meant for one user only (a notification): the stream sends it to that user and no one else.
ALTER TABLE "live_events" ADD COLUMN IF NOT EXISTS "recipient_id" integer;
