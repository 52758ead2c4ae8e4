-- Live updates (issue 15, docs/adr/0010-live-events.md): every change a signed-in user may see is written
-- here inside the writing transaction and announced with pg_notify('dd_events', ...) at its commit. Rows
-- are kept a few minutes so a reconnecting event stream can replay what it missed (Last-Event-ID).
-- No foreign keys: an event outlives a deleted project. owner_id and client_ids are the project's
-- audience as of the write, so replay decides visibility without another query.
CREATE TABLE IF NOT EXISTS "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"resource_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"owner_id" integer,
	"client_ids" integer[] DEFAULT '{}' NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "live_events_at_idx" ON "live_events" USING btree ("at");
