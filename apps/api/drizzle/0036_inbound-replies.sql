-- Replies by mail that were posted in a project's chat (modules/inbound-mail): the mail's Message-ID is
-- unique, so a mail delivered twice, or sent again by someone who copied it, is not posted again.
CREATE TABLE IF NOT EXISTS "inbound_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_key" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"message_id" integer REFERENCES "messages"("id") ON DELETE SET NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inbound_replies_mail_key_unique" UNIQUE("mail_key")
);
