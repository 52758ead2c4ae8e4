-- Project chat (docs/adr/0022-project-chat.md): one conversation per project. Pages are read by keyset
-- on (project_id, id) and never by OFFSET; search uses the generated tsvector and its GIN index. A
-- deleted message keeps its row (body emptied, deleted_at set) so replies and the list still show
-- "message deleted".
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"author_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"reply_to_id" integer REFERENCES "messages"("id") ON DELETE SET NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"search" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "body")) STORED NOT NULL
);--> statement-breakpoint
CREATE INDEX "messages_project_id_idx" ON "messages" USING btree ("project_id", "id");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");--> statement-breakpoint
-- The missed-message mail looks only at the last day's messages.
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
-- Who a message names with @name: their missed-message mail goes out sooner.
CREATE TABLE "message_mentions" (
	"message_id" integer NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	PRIMARY KEY ("message_id", "user_id")
);--> statement-breakpoint
CREATE INDEX "message_mentions_user_idx" ON "message_mentions" USING btree ("user_id", "message_id");--> statement-breakpoint
-- Files sent with a message: project files (so they are also listed in the project's files).
CREATE TABLE "message_files" (
	"message_id" integer NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
	"file_id" integer NOT NULL REFERENCES "project_files"("id") ON DELETE CASCADE,
	PRIMARY KEY ("message_id", "file_id")
);--> statement-breakpoint
CREATE INDEX "message_files_file_idx" ON "message_files" USING btree ("file_id");--> statement-breakpoint
-- One row per user and project: the newest message they have seen, how far the missed-message mail
-- has told them, when it last did (at most one an hour), and whether they want it at all.
CREATE TABLE "message_reads" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"last_read_id" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_through_id" integer DEFAULT 0 NOT NULL,
	"mailed_at" timestamp with time zone,
	"mail_enabled" boolean DEFAULT true NOT NULL,
	PRIMARY KEY ("user_id", "project_id")
);--> statement-breakpoint
CREATE INDEX "message_reads_project_idx" ON "message_reads" USING btree ("project_id");
