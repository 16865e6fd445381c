CREATE TABLE "calculation_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"input_hash" varchar(64) NOT NULL,
	"input" jsonb NOT NULL,
	"project_version" integer NOT NULL,
	"requested_by" integer,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" varchar(64),
	"lease_until" timestamp with time zone,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "calculation_jobs_state_check" CHECK ("calculation_jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "calculation_jobs" ADD CONSTRAINT "calculation_jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calculation_jobs_open" ON "calculation_jobs" USING btree ("project_id","input_hash") WHERE "calculation_jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "calculation_jobs_claim" ON "calculation_jobs" USING btree ("state","id");