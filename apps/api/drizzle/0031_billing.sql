-- Time on tasks, a project's billing terms, and invoices built from accepted work
-- (docs/adr/0049-billing-from-accepted-work.md). Money is integer minor units of the terms' ISO 4217
-- currency; a rate of tax is integer basis points (2000 = 20 %). Nothing here is a float.
CREATE TABLE IF NOT EXISTS "project_billing_terms" (
	"project_id" integer PRIMARY KEY NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"pricing" text NOT NULL DEFAULT 'hourly' CHECK ("pricing" IN ('hourly', 'fixed')),
	"currency" char(3) NOT NULL DEFAULT 'EUR' CHECK ("currency" ~ '^[A-Z]{3}$'),
	"hourly_rate" bigint NOT NULL DEFAULT 0 CHECK ("hourly_rate" >= 0),
	"fixed_price" bigint NOT NULL DEFAULT 0 CHECK ("fixed_price" >= 0),
	"budget_cap_kind" text CHECK ("budget_cap_kind" IN ('money', 'minutes')),
	"budget_cap" bigint CHECK ("budget_cap" >= 0),
	"tax_rate_bp" integer NOT NULL DEFAULT 0 CHECK ("tax_rate_bp" BETWEEN 0 AND 10000),
	-- The highest share of the cap already announced to staff (0, 80 or 100), so each is told once.
	"cap_notified_percent" integer NOT NULL DEFAULT 0,
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CHECK (("budget_cap_kind" IS NULL) = ("budget_cap" IS NULL))
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE RESTRICT,
	"status" text NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'issued', 'paid', 'void')),
	-- Given on issue from invoice_number_counters, never before and never reused.
	"number" text UNIQUE,
	"currency" char(3) NOT NULL,
	"tax_rate_bp" integer NOT NULL DEFAULT 0,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"created_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"issued_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CHECK ("period_start" <= "period_end")
);--> statement-breakpoint
-- A double submit of the same draft finds the first one.
CREATE UNIQUE INDEX IF NOT EXISTS "invoices_one_draft_per_period" ON "invoices" ("project_id", "period_start", "period_end") WHERE "status" = 'draft';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_project_idx" ON "invoices" ("project_id", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL REFERENCES "invoices"("id") ON DELETE CASCADE,
	-- Null only for a discount line.
	"task_id" integer REFERENCES "tasks"("id") ON DELETE SET NULL,
	"kind" text NOT NULL DEFAULT 'work' CHECK ("kind" IN ('work', 'discount')),
	"description" text NOT NULL,
	"minutes" integer NOT NULL DEFAULT 0,
	"amount" bigint NOT NULL,
	"position" integer NOT NULL DEFAULT 0,
	-- A line holds its task while its invoice is a draft, issued or paid; voiding or removing frees it.
	"released" boolean NOT NULL DEFAULT false
);--> statement-breakpoint
-- Each task is billed once: at most one live line per task.
CREATE UNIQUE INDEX IF NOT EXISTS "invoice_lines_task_billed_once" ON "invoice_lines" ("task_id") WHERE "kind" = 'work' AND NOT "released";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_lines_invoice_idx" ON "invoice_lines" ("invoice_id", "position");--> statement-breakpoint
-- The gap-free number sequence: one row per year, incremented inside the issuing transaction, so a
-- rolled-back issue gives its number back and two processes issuing at once wait on the row lock.
CREATE TABLE IF NOT EXISTS "invoice_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL DEFAULT 0
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "time_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL REFERENCES "tasks"("id") ON DELETE CASCADE,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"date" date NOT NULL,
	"minutes" integer NOT NULL DEFAULT 0 CHECK ("minutes" >= 0 AND "minutes" <= 1440),
	"note" text NOT NULL DEFAULT '',
	"billable" boolean NOT NULL DEFAULT true,
	-- A running timer: started_at set, minutes filled in on stop.
	"started_at" timestamp with time zone,
	"invoice_line_id" integer REFERENCES "invoice_lines"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
-- One running timer per person, whatever tab or process starts it.
CREATE UNIQUE INDEX IF NOT EXISTS "time_entries_one_running_timer" ON "time_entries" ("user_id") WHERE "started_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "time_entries_task_idx" ON "time_entries" ("task_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "time_entries_project_date_idx" ON "time_entries" ("project_id", "date") INCLUDE ("minutes", "billable", "task_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "time_entries_user_date_idx" ON "time_entries" ("user_id", "date");
