CREATE TABLE "project_import_undo" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"previous" jsonb NOT NULL,
	"imported_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "project_import_undo" ADD CONSTRAINT "project_import_undo_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_import_undo" ADD CONSTRAINT "project_import_undo_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_import_undo" ADD CONSTRAINT "project_import_undo_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_import_undo_company_idx" ON "project_import_undo" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "project_import_undo_expires_idx" ON "project_import_undo" USING btree ("expires_at");