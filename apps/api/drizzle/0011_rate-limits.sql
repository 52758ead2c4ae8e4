-- Issue 15 §4: request rate limits counted in the database, so every app process behind a load
-- balancer shares one counter per (limit, key) instead of each keeping its own in memory. One row per
-- key: a fixed window that starts at the first request and a count, advanced by one atomic upsert
-- (lib/rate-limit-store.ts). Expired rows are swept by the app from time to time.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");
