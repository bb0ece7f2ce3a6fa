CREATE TABLE "delegation_bookings" (
	"company_id" integer NOT NULL,
	"booking_id" text NOT NULL,
	"delegation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "delegations_order_unique";--> statement-breakpoint
ALTER TABLE "delegation_bookings" ADD CONSTRAINT "delegation_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_bookings" ADD CONSTRAINT "delegation_bookings_delegation_id_delegations_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."delegations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delegation_bookings_unique" ON "delegation_bookings" USING btree ("company_id","booking_id");--> statement-breakpoint
CREATE INDEX "delegation_bookings_delegation_idx" ON "delegation_bookings" USING btree ("delegation_id");--> statement-breakpoint
CREATE INDEX "delegations_company_created_by_idx" ON "delegations" USING btree ("company_id","created_by_id","start_date");--> statement-breakpoint
CREATE INDEX "delegations_current_approvers_idx" ON "delegations" USING gin (("workflow_steps" -> "current_step" -> 'approverIds') jsonb_path_ops) WHERE "delegations"."status" in ('submitted', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "delegations_order_unique" ON "delegations" USING btree ("delegation_order_id") WHERE "delegations"."status" <> 'deleted';