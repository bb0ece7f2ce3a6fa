CREATE TABLE "travel_service_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "travel_service_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'PLN' NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"requires" jsonb NOT NULL,
	"created_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_service_order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "travel_service_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"user_id" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_service_order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "travel_service_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"guid" text NOT NULL,
	"group_guid" text,
	"sequence" integer NOT NULL,
	"related_item_guid" text,
	"type" text NOT NULL,
	"status" text DEFAULT 'awaitingAgentResponse' NOT NULL,
	"params" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"cost_centre_id" integer,
	"start_date" date,
	"end_date" date,
	"selected_offer_id" integer,
	"booking_reference" text,
	"booked_at" timestamp with time zone,
	"bought_at" timestamp with time zone,
	"booking_id" integer,
	"notify" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_service_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "travel_service_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_by_id" integer NOT NULL,
	"delegation_order_id" integer,
	"external_customer_id" integer,
	"project_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"additional_parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_date" date,
	"end_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_service_passengers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "travel_service_passengers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"company_user_id" integer,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"birth_date" date,
	"document_number" text DEFAULT '' NOT NULL,
	"offer_data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "travel_service_offers" ADD CONSTRAINT "travel_service_offers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_offers" ADD CONSTRAINT "travel_service_offers_item_id_travel_service_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."travel_service_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_order_events" ADD CONSTRAINT "travel_service_order_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_order_events" ADD CONSTRAINT "travel_service_order_events_order_id_travel_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."travel_service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_order_items" ADD CONSTRAINT "travel_service_order_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_order_items" ADD CONSTRAINT "travel_service_order_items_order_id_travel_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."travel_service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_orders" ADD CONSTRAINT "travel_service_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_orders" ADD CONSTRAINT "travel_service_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_orders" ADD CONSTRAINT "travel_service_orders_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_orders" ADD CONSTRAINT "travel_service_orders_delegation_order_id_delegation_orders_id_fk" FOREIGN KEY ("delegation_order_id") REFERENCES "public"."delegation_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_passengers" ADD CONSTRAINT "travel_service_passengers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_passengers" ADD CONSTRAINT "travel_service_passengers_item_id_travel_service_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."travel_service_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_passengers" ADD CONSTRAINT "travel_service_passengers_company_user_id_users_id_fk" FOREIGN KEY ("company_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "travel_service_offers_item_idx" ON "travel_service_offers" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "travel_service_events_order_idx" ON "travel_service_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "travel_service_items_order_idx" ON "travel_service_order_items" USING btree ("order_id","sequence");--> statement-breakpoint
CREATE INDEX "travel_service_items_type_status_idx" ON "travel_service_order_items" USING btree ("type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "travel_service_items_guid_unique" ON "travel_service_order_items" USING btree ("order_id","guid");--> statement-breakpoint
CREATE INDEX "travel_service_orders_company_created_idx" ON "travel_service_orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "travel_service_orders_company_status_idx" ON "travel_service_orders" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "travel_service_orders_company_user_idx" ON "travel_service_orders" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "travel_service_orders_company_created_by_idx" ON "travel_service_orders" USING btree ("company_id","created_by_id","created_at");--> statement-breakpoint
CREATE INDEX "travel_service_orders_trip_order_idx" ON "travel_service_orders" USING btree ("company_id","delegation_order_id");--> statement-breakpoint
CREATE INDEX "travel_service_orders_created_idx" ON "travel_service_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "travel_service_passengers_item_idx" ON "travel_service_passengers" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "travel_service_passengers_user_idx" ON "travel_service_passengers" USING btree ("company_id","company_user_id");