-- The product owner's review of delivered work (docs/adr/0021-delivery-review-and-report.md): who
-- delivered a task, and who decided on it (accepted or rejected), when and why. The times of every
-- status change stay in project_events (the board's history); these columns are the current delivery's
-- state, so the review card and its list read one table.
ALTER TABLE "tasks" ADD COLUMN "delivered_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "decided_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "decision_reason" text;--> statement-breakpoint
-- Deliveries already on the board: who delivered and who decided, from the history.
UPDATE "tasks" t SET "delivered_by_id" = e."actor_id"
FROM (SELECT DISTINCT ON ("entity_id") "entity_id", "actor_id" FROM "project_events"
      WHERE "entity" = 'task' AND "action" = 'deliver' ORDER BY "entity_id", "created_at" DESC, "id" DESC) e
WHERE t."id" = e."entity_id" AND t."task_status_id" IN (4, 5, 6);--> statement-breakpoint
UPDATE "tasks" t SET "decided_by_id" = e."actor_id", "decided_at" = e."created_at"
FROM (SELECT DISTINCT ON ("entity_id") "entity_id", "actor_id", "created_at" FROM "project_events"
      WHERE "entity" = 'task' AND "action" IN ('accept', 'reject') ORDER BY "entity_id", "created_at" DESC, "id" DESC) e
WHERE t."id" = e."entity_id" AND t."task_status_id" IN (5, 6);--> statement-breakpoint
UPDATE "tasks" SET "decided_at" = "accepted_at" WHERE "task_status_id" = 5 AND "decided_at" IS NULL;--> statement-breakpoint
-- The review list: a project's delivered, accepted and rejected tasks, newest delivery first.
CREATE INDEX "tasks_delivery_idx" ON "tasks" USING btree ("project_id", "delivered_at" DESC NULLS LAST, "id" DESC)
  WHERE "task_status_id" IN (4, 5, 6);--> statement-breakpoint
-- The performance report reads the status changes of the tasks of a period's sprints only.
CREATE INDEX "project_events_task_status_idx" ON "project_events" USING btree ("project_id", "entity_id", "created_at")
  WHERE "entity" = 'task' AND "action" IN ('start', 'finish', 'deliver', 'accept', 'reject', 'restart');
