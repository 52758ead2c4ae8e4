-- Staff side of discovery calls (issue 14 §2, §3).
--
-- 1. A call keeps the UID of its .ics invite and the SEQUENCE of the last one sent, so approving, moving,
--    declining or cancelling it mails an update that replaces the same event in the client's calendar.
--    Calls booked before this migration have no stored UID; their updates use 'scheduled-call-<id>@<host>'.
ALTER TABLE "scheduled_calls" ADD COLUMN "ics_uid" text;--> statement-breakpoint
ALTER TABLE "scheduled_calls" ADD COLUMN "ics_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The staff Calls screen lists calls by time across projects.
CREATE INDEX "scheduled_calls_scheduled_idx" ON "scheduled_calls" USING btree ("scheduled_at","id");--> statement-breakpoint
--
-- 2. Company days off: dates in the company timezone with no slots.
CREATE TABLE "days_off" (
	"date" text PRIMARY KEY NOT NULL
);--> statement-breakpoint
--
-- 3. Private calendar feeds: one per staff member; only the SHA-256 of the 256-bit token is kept.
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_uq" ON "calendar_feeds" USING btree ("token_hash");
