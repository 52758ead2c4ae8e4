-- Read costs found by the bench (docs/adr/0027-report-and-chat-costs.md).
-- The report counts a project's open roadblocks (blockers not accepted) on every read: without this
-- index that was a scan of every task of the project (1.6 ms at 20,000 tasks).
CREATE INDEX IF NOT EXISTS "tasks_open_blocker_idx" ON "tasks" USING btree ("project_id")
  WHERE "task_type_id" = 2 AND "task_status_id" <> 5;--> statement-breakpoint
-- The review card's waiting deliveries, page and count, without walking the project's decided ones.
CREATE INDEX IF NOT EXISTS "tasks_waiting_idx" ON "tasks" USING btree ("project_id", "delivered_at" DESC NULLS LAST, "id" DESC)
  WHERE "task_status_id" = 4;
