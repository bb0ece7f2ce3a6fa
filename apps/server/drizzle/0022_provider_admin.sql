CREATE TABLE "provider_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"new_company_settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "nip" text;