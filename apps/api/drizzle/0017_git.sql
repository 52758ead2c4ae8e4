-- Git repositories of a project and what their webhooks bring in (docs/adr/0023-webhooks.md).
-- A repository is connected to one project at a time: the partial unique index covers only the
-- connected rows, so a disconnected repository (secret removed, activity kept) can be connected again.
CREATE TABLE IF NOT EXISTS "repositories" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	-- The webhook secret, AES-256-GCM under a key derived from the app secret; null once disconnected.
	"secret_cipher" text,
	"default_branch" text,
	"created_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp with time zone,
	CONSTRAINT "repositories_provider_ck" CHECK ("provider" IN ('github', 'gitlab'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "repositories_connected_uq" ON "repositories" ("provider", lower("name")) WHERE "disconnected_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "repositories_project_idx" ON "repositories" ("project_id");--> statement-breakpoint
-- Every accepted delivery, raw as it was signed; its delivery id makes a replay a no-op.
CREATE TABLE IF NOT EXISTS "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"repository_id" integer NOT NULL REFERENCES "repositories"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"delivery_id" text NOT NULL,
	"event" text NOT NULL,
	"body" bytea NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "webhook_deliveries_uq" ON "webhook_deliveries" ("provider", "delivery_id");--> statement-breakpoint
-- A repository's last delivery is read from here (no write to the repository row per delivery: a burst
-- of deliveries would queue on its lock).
CREATE INDEX IF NOT EXISTS "webhook_deliveries_repository_idx" ON "webhook_deliveries" ("repository_id", "received_at" DESC);--> statement-breakpoint
-- A commit once per repository, on the branch it was first pushed to (a later merge carrying it again
-- neither lists it twice nor moves its tasks twice). No author e-mail is kept.
CREATE TABLE IF NOT EXISTS "git_commits" (
	"id" serial PRIMARY KEY NOT NULL,
	"repository_id" integer NOT NULL REFERENCES "repositories"("id") ON DELETE CASCADE,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"sha" text NOT NULL,
	"branch" text NOT NULL,
	"message" text NOT NULL,
	"author_name" text NOT NULL,
	"url" text,
	"committed_at" timestamp with time zone NOT NULL,
	"task_ids" integer[] DEFAULT '{}' NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "git_commits_sha_uq" ON "git_commits" ("repository_id", "sha");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "git_commits_project_idx" ON "git_commits" ("project_id", "pushed_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "git_commits_tasks_idx" ON "git_commits" USING gin ("task_ids");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "git_pull_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"repository_id" integer NOT NULL REFERENCES "repositories"("id") ON DELETE CASCADE,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"state" text NOT NULL,
	"url" text,
	"author_name" text NOT NULL,
	"source_branch" text NOT NULL,
	"target_branch" text NOT NULL,
	"task_ids" integer[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "git_pull_requests_number_uq" ON "git_pull_requests" ("repository_id", "number");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "git_pull_requests_project_idx" ON "git_pull_requests" ("project_id", "updated_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "git_pull_requests_tasks_idx" ON "git_pull_requests" USING gin ("task_ids");--> statement-breakpoint
-- Each task move a commit or request asked for, once: a replayed or re-pushed command does nothing.
CREATE TABLE IF NOT EXISTS "git_task_moves" (
	"task_id" integer NOT NULL REFERENCES "tasks"("id") ON DELETE CASCADE,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("task_id", "action", "source")
);
