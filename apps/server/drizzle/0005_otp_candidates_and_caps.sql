ALTER TABLE "otp_codes" DROP CONSTRAINT "otp_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "sends" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "sends_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_purpose_check" CHECK ("otp_codes"."purpose" in ('signup', 'reset', 'email_change'));