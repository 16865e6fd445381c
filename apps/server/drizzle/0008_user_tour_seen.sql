ALTER TABLE "users" ADD COLUMN "tour_seen_at" timestamp with time zone;--> statement-breakpoint
-- Users who existed before the guided tour opened by itself are not new: the tour does not surprise them (ADR 0182).
UPDATE "users" SET "tour_seen_at" = now();
