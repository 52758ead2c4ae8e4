-- Logins and e-mails are one case-insensitive uniqueness space (issue 41 finding 5;
-- docs/adr/0043-one-identity-space.md, docs/product.md §F4): sign-in accepts either, so one user's
-- e-mail must never equal another user's login. A unique index cannot span two columns of different
-- rows, so each user's values are kept as keys of a helper table by a trigger on users.
CREATE TABLE IF NOT EXISTS "user_identity_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_identity_keys_user_idx" ON "user_identity_keys" ("user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_sync_identity_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "user_identity_keys" WHERE "user_id" = NEW."id";
	-- A user's own login and e-mail may be the same value: one key then.
	INSERT INTO "user_identity_keys" ("key", "user_id")
		SELECT DISTINCT k, NEW."id" FROM unnest(ARRAY[lower(NEW."login"), lower(NEW."email")]) AS k;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- An e-mail-shaped login left behind after its owner changed e-mail, and now someone else's e-mail,
-- follows its owner's current e-mail (the address that user now receives mail at), when that is free.
UPDATE "users" u SET "login" = u."email"
WHERE EXISTS (SELECT 1 FROM "users" o WHERE o."id" <> u."id" AND lower(o."email") = lower(u."login"))
	AND NOT EXISTS (
		SELECT 1 FROM "users" o
		WHERE o."id" <> u."id" AND (lower(o."login") = lower(u."email") OR lower(o."email") = lower(u."email"))
	);--> statement-breakpoint
-- Any clash left makes this insert fail and the migration stop: an operator decides (ADR 0043).
INSERT INTO "user_identity_keys" ("key", "user_id")
	SELECT DISTINCT k, u."id" FROM "users" u, unnest(ARRAY[lower(u."login"), lower(u."email")]) AS k;--> statement-breakpoint
CREATE TRIGGER "users_identity_keys_sync"
	AFTER INSERT OR UPDATE OF "login", "email" ON "users"
	FOR EACH ROW EXECUTE FUNCTION "users_sync_identity_keys"();
