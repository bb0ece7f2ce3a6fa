ALTER TABLE "delegations" ADD COLUMN "path_approver_ids" jsonb GENERATED ALWAYS AS (CASE WHEN status <> 'created' THEN jsonb_path_query_array(workflow_steps, '$[*].approverIds[*]') END) STORED;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "decider_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Settlements decided before this column existed: their deciders from the decision history (the workflow keeps it from now on).
UPDATE "delegations" AS s SET "decider_ids" = d."ids"
FROM (
  SELECT "company_id", "document_id", jsonb_agg(DISTINCT "context_user_id") AS "ids"
  FROM "document_decisions" WHERE "document_kind" = 'delegation'
  GROUP BY "company_id", "document_id"
) AS d
WHERE s."company_id" = d."company_id" AND s."id" = d."document_id";--> statement-breakpoint
CREATE INDEX "delegations_path_approvers_idx" ON "delegations" USING gin ("path_approver_ids" jsonb_path_ops) WITH (fastupdate=false) WHERE "delegations"."path_approver_ids" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "delegations_deciders_idx" ON "delegations" USING gin ("decider_ids" jsonb_path_ops) WITH (fastupdate=false);