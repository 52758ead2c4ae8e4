-- Background jobs (issue 14 §1, §4, §5; docs/adr/0011-job-queue.md). The queue itself lives in the
-- graphile_worker schema, which graphile-worker creates and migrates at app start (idempotently).
-- These tables are the app's side: each mail's delivery state, and the sent-logs that make every
-- reminder and digest go out once even when several app processes look for due work at the same time.
ALTER TABLE "mail_outbox" ADD COLUMN IF NOT EXISTS "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN IF NOT EXISTS "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN IF NOT EXISTS "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN IF NOT EXISTS "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "digest_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Server secrets generated on first start when the environment gives none (APP_SECRET). No route reads
-- this table (the settings table is listed to admins, so the secret is not kept there).
CREATE TABLE IF NOT EXISTS "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- One row per reminder mail of a call: kind '24h' or '1h', for the call's start at the time it was sent
-- (a moved call has a new start, so it gets its reminders again; the old ones can no longer be due).
CREATE TABLE IF NOT EXISTS "call_reminders_sent" (
	"call_id" integer NOT NULL REFERENCES "scheduled_calls"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("call_id", "kind", "starts_at")
);--> statement-breakpoint
-- One row per team reminder: a user, a project, and the date in the user's own timezone.
CREATE TABLE IF NOT EXISTS "team_reminders_sent" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"local_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "project_id", "local_date")
);--> statement-breakpoint
-- One row per client digest: the client's local date, and the instant the digest covers updates until
-- (the next digest lists what was posted after it).
CREATE TABLE IF NOT EXISTS "digests_sent" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"local_date" date NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	"update_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "local_date")
);
