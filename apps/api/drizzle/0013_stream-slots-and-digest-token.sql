-- Open event streams counted where every app process sees them (docs/adr/0019-event-stream-caps.md):
-- one row per open GET /api/events stream, claimed when it opens (10 per session, 20 per user), deleted
-- when it closes, its seen_at refreshed by its process's heartbeat, so the rows of a process that died
-- without closing expire on their own.
CREATE TABLE "event_stream_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"process_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "event_stream_slots_user_idx" ON "event_stream_slots" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE INDEX "event_stream_slots_process_idx" ON "event_stream_slots" USING btree ("process_id");--> statement-breakpoint
-- The digest's unsubscribe token names this number; turning the digest on again raises it, so a link
-- from an earlier mail cannot turn it off again.
ALTER TABLE "users" ADD COLUMN "digest_token_version" integer DEFAULT 0 NOT NULL;
