CREATE TABLE "project_calculations" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"result" jsonb NOT NULL,
	"engine_version" varchar(32) NOT NULL,
	"input_hash" varchar(64) NOT NULL,
	"project_version" integer NOT NULL,
	"server" varchar(64) NOT NULL,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"calculated_by" integer
);
--> statement-breakpoint
CREATE TABLE "project_logos" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer
);
--> statement-breakpoint
CREATE TABLE "company_email_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" varchar(32) NOT NULL,
	"billing" varchar(8) NOT NULL,
	"seats" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"status" varchar(16) DEFAULT 'paid' NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_ref" varchar(255) NOT NULL,
	"test_mode" boolean NOT NULL,
	"card_last4" varchar(4),
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_amount_check" CHECK ("invoices"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"plan" varchar(16) NOT NULL,
	"billing" varchar(8),
	"seats" integer NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"provider" varchar(16),
	"provider_ref" varchar(255),
	"test_mode" boolean DEFAULT false NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	CONSTRAINT "subscriptions_company_id_unique" UNIQUE("company_id"),
	CONSTRAINT "subscriptions_plan_check" CHECK ("subscriptions"."plan" in ('Trial', 'Paid')),
	CONSTRAINT "subscriptions_billing_check" CHECK ("subscriptions"."billing" is null or "subscriptions"."billing" in ('monthly', 'yearly')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'blocked')),
	CONSTRAINT "subscriptions_seats_check" CHECK ("subscriptions"."seats" > 0)
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "street" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "postal_code" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "location" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "country_id" varchar(2);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "number" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "workbook" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "input_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "company_alt_country_id" varchar(2);--> statement-breakpoint
ALTER TABLE "project_calculations" ADD CONSTRAINT "project_calculations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_calculations" ADD CONSTRAINT "project_calculations_calculated_by_users_id_fk" FOREIGN KEY ("calculated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_logos" ADD CONSTRAINT "project_logos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_logos" ADD CONSTRAINT "project_logos_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_email_codes" ADD CONSTRAINT "company_email_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_email_codes_user_idx" ON "company_email_codes" USING btree ("user_id","email");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_company_name_unique" ON "projects" USING btree ("company_id",lower("name"));