-- In-memory caches checked against a version in the database (docs/adr/0005-admin-list-speed.md,
-- docs/adr/0006-request-cost.md).
--
-- 1. `list_versions` becomes `cache_versions`: besides 'admin-lists' it now holds 'sessions', bumped by
--    every change that can end or alter a signed-in session (a session revoked or deleted, a user's role
--    or active flag changed, a user deleted). Inserting a session (a sign-in) changes no existing one.
ALTER TABLE "list_versions" RENAME TO "cache_versions";--> statement-breakpoint
INSERT INTO "cache_versions" ("name", "version") VALUES ('sessions', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = 'admin-lists';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_sessions_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = 'sessions';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_sessions_version" AFTER DELETE OR UPDATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_sessions_version"();--> statement-breakpoint
CREATE TRIGGER "sessions_sessions_version_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_sessions_version"();--> statement-breakpoint
CREATE TRIGGER "users_sessions_version" AFTER DELETE OR UPDATE OF "id", "role", "is_active" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_sessions_version"();--> statement-breakpoint
CREATE TRIGGER "users_sessions_version_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_sessions_version"();--> statement-breakpoint
--
-- 2. Every change of a version is announced on the channel `cache_versions` as 'name:version'. The
--    notification leaves with the commit, so a listener never learns a version before its rows are
--    visible. The embedded database (one process, by construction) keeps its versions in memory from
--    these notifications and so checks its caches without a query; on PostgreSQL, with any number of
--    processes, the app reads the version instead (a notification reaches other processes late).
CREATE OR REPLACE FUNCTION "notify_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_versions', NEW."name" || ':' || NEW."version");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cache_versions_notify" AFTER INSERT OR UPDATE ON "cache_versions" FOR EACH ROW EXECUTE FUNCTION "notify_cache_version"();
