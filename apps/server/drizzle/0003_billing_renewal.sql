CREATE TABLE "pending_payments" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer,
	"provider" varchar(16) NOT NULL,
	"provider_ref" varchar(255) NOT NULL,
	"customer_ref" varchar(255),
	"payment_method_ref" varchar(255),
	"test_mode" boolean NOT NULL,
	"status" varchar(16) NOT NULL,
	"failure" varchar(64),
	"test_authentication" varchar(16),
	"request" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pending_payments_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "pending_payments_status_check" CHECK ("pending_payments"."status" in ('requires_action', 'succeeded', 'failed', 'abandoned')),
	CONSTRAINT "pending_payments_test_authentication_check" CHECK ("pending_payments"."test_authentication" is null or "pending_payments"."test_authentication" in ('approved', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"outcome" varchar(32) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "customer_ref" varchar(255);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method_ref" varchar(255);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_last4" varchar(4);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_failure" varchar(32);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_payments_company_idx" ON "pending_payments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "pending_payments_status_idx" ON "pending_payments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_period_uidx" ON "invoices" USING btree ("company_id","period_start");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_renewal_failure_check" CHECK ("subscriptions"."renewal_failure" is null or "subscriptions"."renewal_failure" in ('card_declined', 'authentication_required'));