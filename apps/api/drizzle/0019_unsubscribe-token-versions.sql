-- The notification mails' and the chat missed-message mail's one-click unsubscribe tokens name a version,
-- as the digest's (users.digest_token_version): turning the mail on again raises it, so a link from an
-- earlier mail no longer turns it off (docs/adr/0026-unsubscribe-token-versions.md).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "notification_token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Per project: the chat mail is turned off and on per project.
ALTER TABLE "message_reads" ADD COLUMN IF NOT EXISTS "mail_token_version" integer DEFAULT 0 NOT NULL;
