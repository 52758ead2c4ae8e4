-- Substring search without a heap recheck (docs/adr/0030-suffix-search-for-list-pages.md). A `like`
-- filter is a case-insensitive "contains" (list-sql.ts: containsPattern; ilike lowercases both sides
-- with lower()), and `lower(title) like '%t%'` holds exactly when some suffix of lower(title) starts
-- with lower(t). So every suffix of a lowercased project title / active user name is a row here, with
-- the list's default sort key, and a search is one index-only range scan of the suffixes starting with
-- the term (`suffix ^@ lower(t)`, a b-tree range in the "C" collation): no trigram recheck of the
-- ~2,000 matching rows in the heap. Kept by triggers; nothing reads these tables but the list pages.
CREATE TABLE IF NOT EXISTS "project_title_suffixes" (
  "project_id" integer NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "suffix" text COLLATE "C" NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_title_suffixes_search_idx" ON "project_title_suffixes" USING btree ("suffix","created_at","project_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_title_suffixes_project_idx" ON "project_title_suffixes" USING btree ("project_id");--> statement-breakpoint
-- Active users only: the user list shows nobody else (user-search.ts: whereOf). `name` is the default sort.
CREATE TABLE IF NOT EXISTS "user_name_suffixes" (
  "user_id" integer NOT NULL,
  "name" text NOT NULL,
  "suffix" text COLLATE "C" NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_name_suffixes_search_idx" ON "user_name_suffixes" USING btree ("suffix","name","user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_name_suffixes_user_idx" ON "user_name_suffixes" USING btree ("user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "project_title_suffixes_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_title_suffixes (project_id, created_at, suffix)
  SELECT n.id, n.created_at, substr(l.t, i) FROM new_rows n, lower(n.title) AS l(t), generate_series(1, length(l.t)) AS i;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "project_title_suffixes_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_title_suffixes WHERE project_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "project_title_suffixes_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.id <> OLD.id THEN
    DELETE FROM project_title_suffixes WHERE project_id = OLD.id;
    INSERT INTO project_title_suffixes (project_id, created_at, suffix)
    SELECT NEW.id, NEW.created_at, substr(l.t, i) FROM lower(NEW.title) AS l(t), generate_series(1, length(l.t)) AS i;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_name_suffixes_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_name_suffixes (user_id, name, suffix)
  SELECT n.id, n.name, substr(l.t, i) FROM new_rows n, lower(n.name) AS l(t), generate_series(1, length(l.t)) AS i
  WHERE n.is_active;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_name_suffixes_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_name_suffixes WHERE user_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_name_suffixes_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.is_active IS DISTINCT FROM OLD.is_active OR NEW.id <> OLD.id THEN
    DELETE FROM user_name_suffixes WHERE user_id = OLD.id;
    IF NEW.is_active THEN
      INSERT INTO user_name_suffixes (user_id, name, suffix)
      SELECT NEW.id, NEW.name, substr(l.t, i) FROM lower(NEW.name) AS l(t), generate_series(1, length(l.t)) AS i;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "list_search_suffixes_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'projects' THEN TRUNCATE project_title_suffixes; ELSE TRUNCATE user_name_suffixes; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_title_suffixes_insert" AFTER INSERT ON "projects" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_title_suffixes_insert"();--> statement-breakpoint
CREATE TRIGGER "projects_title_suffixes_delete" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_title_suffixes_delete"();--> statement-breakpoint
CREATE TRIGGER "projects_title_suffixes_update" AFTER UPDATE OF "id", "title", "created_at" ON "projects" FOR EACH ROW EXECUTE FUNCTION "project_title_suffixes_update"();--> statement-breakpoint
CREATE TRIGGER "projects_title_suffixes_truncate" AFTER TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION "list_search_suffixes_truncate"();--> statement-breakpoint
CREATE TRIGGER "users_name_suffixes_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_name_suffixes_insert"();--> statement-breakpoint
CREATE TRIGGER "users_name_suffixes_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_name_suffixes_delete"();--> statement-breakpoint
CREATE TRIGGER "users_name_suffixes_update" AFTER UPDATE OF "id", "name", "is_active" ON "users" FOR EACH ROW EXECUTE FUNCTION "user_name_suffixes_update"();--> statement-breakpoint
CREATE TRIGGER "users_name_suffixes_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "list_search_suffixes_truncate"();--> statement-breakpoint
-- The rows that exist already.
INSERT INTO "project_title_suffixes" (project_id, created_at, suffix)
SELECT p.id, p.created_at, substr(l.t, i) FROM projects p, lower(p.title) AS l(t), generate_series(1, length(l.t)) AS i;--> statement-breakpoint
INSERT INTO "user_name_suffixes" (user_id, name, suffix)
SELECT u.id, u.name, substr(l.t, i) FROM users u, lower(u.name) AS l(t), generate_series(1, length(l.t)) AS i WHERE u.is_active;
