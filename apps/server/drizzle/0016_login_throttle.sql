CREATE TABLE "known_login_addresses" (
	"company_code" text NOT NULL,
	"login" text NOT NULL,
	"address" text NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_login_addresses_company_code_login_address_pk" PRIMARY KEY("company_code","login","address")
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"scope" text NOT NULL,
	"company_code" text DEFAULT '' NOT NULL,
	"login" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "login_throttles_scope_company_code_login_address_pk" PRIMARY KEY("scope","company_code","login","address")
);
--> statement-breakpoint
CREATE INDEX "login_throttles_last_failed_idx" ON "login_throttles" USING btree ("last_failed_at");