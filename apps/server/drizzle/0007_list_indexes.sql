DROP INDEX "delegations_current_approvers_idx";--> statement-breakpoint
DROP INDEX "delegation_orders_company_status_idx";--> statement-breakpoint
DROP INDEX "delegations_company_status_idx";--> statement-breakpoint
ALTER TABLE "delegation_orders" ADD COLUMN "path_approver_ids" jsonb GENERATED ALWAYS AS (CASE WHEN status <> 'created' THEN jsonb_path_query_array(workflow_steps, '$[*].approverIds[*]') END) STORED;--> statement-breakpoint
ALTER TABLE "delegation_orders" ADD COLUMN "decider_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Orders decided before this column existed: their deciders from the decision history (the workflow keeps it from now on).
UPDATE "delegation_orders" AS o SET "decider_ids" = d."ids"
FROM (
  SELECT "company_id", "document_id", jsonb_agg(DISTINCT "context_user_id") AS "ids"
  FROM "document_decisions" WHERE "document_kind" = 'delegationOrder'
  GROUP BY "company_id", "document_id"
) AS d
WHERE o."company_id" = d."company_id" AND o."id" = d."document_id";--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "waiting_approvers" jsonb GENERATED ALWAYS AS (CASE
          WHEN status = 'submitted' AND stage = 'substantive' THEN jsonb_set('{}', '{substantive}', workflow_steps -> current_step -> 'approverIds')
          WHEN status = 'accepted' AND stage = 'financial' THEN jsonb_set('{}', '{financial}', workflow_steps -> current_step -> 'approverIds')
          WHEN status IN ('submitted', 'accepted') THEN jsonb_set('{}', '{other}', workflow_steps -> current_step -> 'approverIds')
        END) STORED;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "is_foreign" boolean GENERATED ALWAYS AS (coalesce(jsonb_path_exists(form, '$.country[*] ? (@.country_code.type() == "string" && !(@.country_code like_regex "^pl$" flag "i"))'), false)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "delegation_orders_company_created_by_idx" ON "delegation_orders" USING btree ("company_id","created_by_id","start_date");--> statement-breakpoint
CREATE INDEX "delegation_orders_company_start_idx" ON "delegation_orders" USING btree ("company_id","start_date","id");--> statement-breakpoint
CREATE INDEX "delegation_orders_path_approvers_idx" ON "delegation_orders" USING gin ("path_approver_ids" jsonb_path_ops) WITH (fastupdate=false) WHERE "delegation_orders"."path_approver_ids" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "delegation_orders_deciders_idx" ON "delegation_orders" USING gin ("decider_ids" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "delegations_company_start_idx" ON "delegations" USING btree ("company_id","start_date","id");--> statement-breakpoint
CREATE INDEX "delegations_waiting_approvers_idx" ON "delegations" USING gin ("waiting_approvers" jsonb_path_ops) WITH (fastupdate=false) WHERE "delegations"."waiting_approvers" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "delegation_orders_company_status_idx" ON "delegation_orders" USING btree ("company_id","status","stage","start_date","id");--> statement-breakpoint
CREATE INDEX "delegations_company_status_idx" ON "delegations" USING btree ("company_id","status","stage","start_date","id");