CREATE TABLE "rate_limit_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(400) NOT NULL,
	"at_ms" bigint NOT NULL,
	"expires_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_trust" (
	"key" varchar(400) PRIMARY KEY NOT NULL,
	"until_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_at" ON "rate_limit_hits" USING btree ("key","at_ms");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires" ON "rate_limit_hits" USING btree ("expires_ms");