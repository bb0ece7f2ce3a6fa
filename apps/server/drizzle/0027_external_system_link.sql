CREATE TABLE "external_system_links" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"audience" text NOT NULL,
	"algorithm" text NOT NULL,
	"shared_secret_ciphertext" text,
	"public_key_pem" text,
	"return_url" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_token_uses" (
	"company_id" integer NOT NULL,
	"jti" text NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_token_uses_company_id_jti_pk" PRIMARY KEY("company_id","jti")
);
--> statement-breakpoint
ALTER TABLE "external_system_links" ADD CONSTRAINT "external_system_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_token_uses" ADD CONSTRAINT "external_token_uses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_system_links_issuer_unique" ON "external_system_links" USING btree ("issuer");--> statement-breakpoint
CREATE INDEX "external_token_uses_expires_idx" ON "external_token_uses" USING btree ("expires_at");