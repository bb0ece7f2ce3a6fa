CREATE TABLE "booking_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"row_count" integer NOT NULL,
	"created_count" integer NOT NULL,
	"updated_count" integer NOT NULL,
	"skipped_count" integer NOT NULL,
	"created_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_traveller_mappings" (
	"company_id" integer NOT NULL,
	"traveller_key" text NOT NULL,
	"traveller_name" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_traveller_mappings_company_id_traveller_key_pk" PRIMARY KEY("company_id","traveller_key")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"travel_service_item_id" integer,
	"import_key" text,
	"import_id" integer,
	"user_id" integer,
	"traveller_name" text NOT NULL,
	"traveller_email" text,
	"traveller_key" text NOT NULL,
	"booked_by_id" integer,
	"record_locator" text,
	"ticket_number" text,
	"carrier" text,
	"name" text,
	"flight_number" text,
	"seat_class" text,
	"baggage" text,
	"is_return_route" boolean DEFAULT false NOT NULL,
	"start_place" text,
	"end_place" text,
	"country_code" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"hotel_class" text,
	"address" text,
	"rooms" integer,
	"persons_per_room" integer,
	"room_type" text,
	"additional_services" text,
	"cancel_until" timestamp with time zone,
	"price_per_day" numeric(14, 2),
	"car_class" text,
	"comment" text,
	"amount_net" numeric(14, 2),
	"vat_amount" numeric(14, 2),
	"amount_gross" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'PLN' NOT NULL,
	"paid_by" text DEFAULT 'companyInvoice' NOT NULL,
	"cost_centre_id" integer,
	"project_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_bookings" (
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	CONSTRAINT "invoice_bookings_invoice_id_booking_id_pk" PRIMARY KEY("invoice_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_delegations" (
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"delegation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_delegations_invoice_id_delegation_id_pk" PRIMARY KEY("invoice_id","delegation_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"sale_date" date,
	"received_date" date,
	"due_date" date,
	"seller_name" text NOT NULL,
	"seller_tax_id" text,
	"seller_address" text,
	"seller_country" text DEFAULT 'PL' NOT NULL,
	"buyer_name" text,
	"buyer_tax_id" text,
	"currency" text DEFAULT 'PLN' NOT NULL,
	"net_total" numeric(14, 2) NOT NULL,
	"vat_total" numeric(14, 2) NOT NULL,
	"gross_total" numeric(14, 2) NOT NULL,
	"vat_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ksef_number" text,
	"invoice_kind" text DEFAULT 'VAT' NOT NULL,
	"line_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_parties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match" jsonb,
	"match_status" text DEFAULT 'none' NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_content_type" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optima_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "optima_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"general_code" text,
	"level" text,
	"type" text,
	"description" text,
	"external_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optima_contractors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "optima_contractors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"tax_id" text,
	"city" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optima_employees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "optima_employees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"external_id" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optima_export_documents" (
	"company_id" integer NOT NULL,
	"export_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"document_id" integer NOT NULL,
	CONSTRAINT "optima_export_documents_export_id_document_type_document_id_pk" PRIMARY KEY("export_id","document_type","document_id")
);
--> statement-breakpoint
CREATE TABLE "optima_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "optima_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"invoice_count" integer NOT NULL,
	"delegation_count" integer NOT NULL,
	"created_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optima_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"source_database_id" text DEFAULT 'DELEGO' NOT NULL,
	"target_database_id" text DEFAULT 'KSIEG' NOT NULL,
	"purchase_register" text DEFAULT 'ZAKUP' NOT NULL,
	"settlement_register" text DEFAULT 'DELEGACJE' NOT NULL,
	"default_category_code" text,
	"payment_form" text DEFAULT 'przelew' NOT NULL,
	"company_tax_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Before bookings existed, settlements could only name bookings that did not exist: their holds go.
DELETE FROM "delegation_bookings";--> statement-breakpoint
ALTER TABLE "delegation_bookings" ALTER COLUMN "booking_id" SET DATA TYPE integer USING "booking_id"::integer;--> statement-breakpoint
ALTER TABLE "booking_imports" ADD CONSTRAINT "booking_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_imports" ADD CONSTRAINT "booking_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_traveller_mappings" ADD CONSTRAINT "booking_traveller_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_traveller_mappings" ADD CONSTRAINT "booking_traveller_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_traveller_mappings" ADD CONSTRAINT "booking_traveller_mappings_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_import_id_booking_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."booking_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_id_users_id_fk" FOREIGN KEY ("booked_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_bookings" ADD CONSTRAINT "invoice_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_bookings" ADD CONSTRAINT "invoice_bookings_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_bookings" ADD CONSTRAINT "invoice_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_delegations" ADD CONSTRAINT "invoice_delegations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_delegations" ADD CONSTRAINT "invoice_delegations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_delegations" ADD CONSTRAINT "invoice_delegations_delegation_id_delegations_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."delegations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optima_categories" ADD CONSTRAINT "optima_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optima_contractors" ADD CONSTRAINT "optima_contractors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optima_employees" ADD CONSTRAINT "optima_employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optima_employees" ADD CONSTRAINT "optima_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optima_export_documents" ADD CONSTRAINT "optima_export_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optima_export_documents" ADD CONSTRAINT "optima_export_documents_export_id_optima_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."optima_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optima_exports" ADD CONSTRAINT "optima_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optima_exports" ADD CONSTRAINT "optima_exports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optima_settings" ADD CONSTRAINT "optima_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_imports_company_idx" ON "booking_imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_travel_item_unique" ON "bookings" USING btree ("company_id","travel_service_item_id") WHERE "bookings"."travel_service_item_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_import_key_unique" ON "bookings" USING btree ("company_id","import_key") WHERE "bookings"."import_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_company_kind_idx" ON "bookings" USING btree ("company_id","kind","start_at","id");--> statement-breakpoint
CREATE INDEX "bookings_company_start_idx" ON "bookings" USING btree ("company_id","start_at","id");--> statement-breakpoint
CREATE INDEX "bookings_company_user_idx" ON "bookings" USING btree ("company_id","user_id","start_at");--> statement-breakpoint
CREATE INDEX "bookings_company_booked_by_idx" ON "bookings" USING btree ("company_id","booked_by_id","start_at");--> statement-breakpoint
CREATE INDEX "bookings_company_cost_centre_idx" ON "bookings" USING btree ("company_id","cost_centre_id","start_at");--> statement-breakpoint
CREATE INDEX "bookings_company_project_idx" ON "bookings" USING btree ("company_id","project_id","start_at");--> statement-breakpoint
CREATE INDEX "bookings_company_carrier_idx" ON "bookings" USING btree ("company_id","carrier","start_at");--> statement-breakpoint
CREATE INDEX "bookings_company_unmapped_idx" ON "bookings" USING btree ("company_id","traveller_key") WHERE "bookings"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "invoice_bookings_booking_idx" ON "invoice_bookings" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "invoice_delegations_delegation_idx" ON "invoice_delegations" USING btree ("delegation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seller_number_unique" ON "invoices" USING btree ("company_id",coalesce("seller_tax_id", lower("seller_name")),lower("number"));--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ksef_unique" ON "invoices" USING btree ("company_id","ksef_number") WHERE "invoices"."ksef_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_company_issue_idx" ON "invoices" USING btree ("company_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_company_match_idx" ON "invoices" USING btree ("company_id","match_status","issue_date");--> statement-breakpoint
CREATE UNIQUE INDEX "optima_categories_code_unique" ON "optima_categories" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "optima_contractors_code_unique" ON "optima_contractors" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "optima_contractors_tax_idx" ON "optima_contractors" USING btree ("company_id","tax_id");--> statement-breakpoint
CREATE UNIQUE INDEX "optima_employees_code_unique" ON "optima_employees" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "optima_employees_user_unique" ON "optima_employees" USING btree ("company_id","user_id") WHERE "optima_employees"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "optima_export_documents_document_idx" ON "optima_export_documents" USING btree ("company_id","document_type","document_id");--> statement-breakpoint
CREATE INDEX "optima_exports_company_idx" ON "optima_exports" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "delegation_bookings" ADD CONSTRAINT "delegation_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;