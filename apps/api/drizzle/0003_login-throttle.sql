-- Sign-in throttling per (account, address) and per address (issue 11 finding 3, OWASP authentication
-- cheat sheet). A failure row now names the account (a user id, or the typed login when no user has it)
-- and the client address separately, so the app can count failures of one pair, the distinct accounts
-- one address failed on, and all failures of one account. The rows are 15-minute counters: the old
-- ones are dropped rather than converted.
DELETE FROM "login_failures";--> statement-breakpoint
DROP INDEX IF EXISTS "login_failures_key_idx";--> statement-breakpoint
ALTER TABLE "login_failures" DROP COLUMN "key";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "account" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "ip" text NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");
--> statement-breakpoint
-- Issue 11 finding 1: mail kept before this release may still hold a usable reset or invitation link
-- (reset links live an hour, invitations 7 days). New mail is redacted where it is written, from the
-- template's own list of secrets; for the old rows the link is recognised by its token parameter.
UPDATE "mail_outbox" SET
  "text" = regexp_replace("text", 'https?://[^[:space:]"<>]*[?&](amp;)?token=[A-Za-z0-9_-]+[^[:space:]"<>]*', '[link redacted]', 'g'),
  "html" = regexp_replace("html", 'https?://[^[:space:]"<>]*[?&](amp;)?token=[A-Za-z0-9_-]+[^[:space:]"<>]*', '[link redacted]', 'g')
WHERE "text" LIKE '%token=%' OR "html" LIKE '%token=%';
