-- Speed of the admin lists (design.md §8; docs/adr/0005-admin-list-speed.md).
--
-- 1. A `like` filter is a case-insensitive "contains" (ilike '%value%'): a btree cannot serve it, a
--    trigram GIN index can (for values of three characters or more). pg_trgm is a trusted contrib
--    extension on PostgreSQL 13+, shipped with the embedded server's binaries too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_title_trgm_idx" ON "projects" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- The users list only ever shows active users, by name then id: an index-only scan in list order.
CREATE INDEX IF NOT EXISTS "users_active_name_idx" ON "users" USING btree ("name", "id") WHERE "is_active";--> statement-breakpoint
--
-- 2. The projects and users lists remember the ordered ids of a filter and sort (so its exact total)
--    and the pages they answered while nothing they read has changed. `list_versions` is that "nothing
--    has changed": every statement that writes a column the two lists filter, sort, scope by or show
--    bumps the counter inside the writing transaction, so a reader sees the new number exactly when it
--    can see the new rows. Columns no list reads (users.last_project_id, password_hash, updated_at, ...)
--    do not bump it. (Not in the Drizzle schema on purpose: only these triggers write it; see
--    apps/api/src/modules/admin-lists/list-cache.ts.)
CREATE TABLE IF NOT EXISTS "list_versions" (
  "name" text PRIMARY KEY NOT NULL,
  "version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "list_versions" ("name", "version") VALUES ('admin-lists', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_versions" SET "version" = "version" + 1 WHERE "name" = 'admin-lists';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "projects_list_version" AFTER INSERT OR DELETE OR UPDATE OF "id", "title", "owner_id", "project_state_id", "project_size_id", "created_at" ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "projects_list_version_truncate" AFTER TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "users_list_version" AFTER INSERT OR DELETE OR UPDATE OF "id", "name", "login", "email", "phone", "avatar", "role", "company_id", "timezone", "help_needed", "is_active", "created_at" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "users_list_version_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "project_members_list_version" AFTER INSERT OR DELETE OR UPDATE ON "project_members" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "project_members_list_version_truncate" AFTER TRUNCATE ON "project_members" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "teams_list_version" AFTER INSERT OR DELETE OR UPDATE OF "id", "title" ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "teams_list_version_truncate" AFTER TRUNCATE ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "team_members_list_version" AFTER INSERT OR DELETE OR UPDATE ON "team_members" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "team_members_list_version_truncate" AFTER TRUNCATE ON "team_members" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "roles_list_version" AFTER INSERT OR DELETE OR UPDATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "project_states_list_version" AFTER INSERT OR DELETE OR UPDATE ON "project_states" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();--> statement-breakpoint
CREATE TRIGGER "project_sizes_list_version" AFTER INSERT OR DELETE OR UPDATE ON "project_sizes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();
