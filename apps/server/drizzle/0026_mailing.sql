CREATE TABLE "mailing_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailing_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mailing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"outbox_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mailing_deliveries_state_check" CHECK ("mailing_deliveries"."state" in ('queued', 'sent', 'failed')),
	CONSTRAINT "mailing_deliveries_language_check" CHECK ("mailing_deliveries"."language" in ('pl', 'en'))
);
--> statement-breakpoint
CREATE TABLE "mailing_list_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailing_list_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_company_id" integer,
	"role_name" text,
	"target_user_id" integer,
	CONSTRAINT "mailing_list_rules_kind_check" CHECK (("mailing_list_rules"."kind" = 'company' AND "mailing_list_rules"."target_company_id" IS NOT NULL AND "mailing_list_rules"."role_name" IS NULL AND "mailing_list_rules"."target_user_id" IS NULL)
        OR ("mailing_list_rules"."kind" = 'role' AND "mailing_list_rules"."role_name" IS NOT NULL AND "mailing_list_rules"."target_user_id" IS NULL)
        OR ("mailing_list_rules"."kind" = 'user' AND "mailing_list_rules"."target_user_id" IS NOT NULL AND "mailing_list_rules"."target_company_id" IS NULL AND "mailing_list_rules"."role_name" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "mailing_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailing_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"list_id" integer,
	"list_name" text NOT NULL,
	"subject_pl" text NOT NULL,
	"subject_en" text NOT NULL,
	"body_pl" text NOT NULL,
	"body_en" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mailings_status_check" CHECK ("mailings"."status" in ('draft', 'sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_rules" ADD CONSTRAINT "mailing_list_rules_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_rules" ADD CONSTRAINT "mailing_list_rules_target_company_id_companies_id_fk" FOREIGN KEY ("target_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_rules" ADD CONSTRAINT "mailing_list_rules_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_lists" ADD CONSTRAINT "mailing_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_deliveries_mailing_user_unique" ON "mailing_deliveries" USING btree ("mailing_id","user_id");--> statement-breakpoint
CREATE INDEX "mailing_deliveries_mailing_state_idx" ON "mailing_deliveries" USING btree ("mailing_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_deliveries_outbox_unique" ON "mailing_deliveries" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "mailing_list_rules_list_idx" ON "mailing_list_rules" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_lists_company_name_unique" ON "mailing_lists" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "mailings_company_created_idx" ON "mailings" USING btree ("company_id","created_at");