CREATE TABLE "travel_service_message_reads" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "travel_service_message_reads_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "travel_service_message_reads" ADD CONSTRAINT "travel_service_message_reads_event_id_travel_service_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."travel_service_order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_message_reads" ADD CONSTRAINT "travel_service_message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_service_message_reads" ADD CONSTRAINT "travel_service_message_reads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;