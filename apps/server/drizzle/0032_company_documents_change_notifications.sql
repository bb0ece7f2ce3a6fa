-- Tells every server process of each statement that changes what a trip-order or settlement list page shows, so
-- the pages can be kept per company and dropped at once (modules/trip-workflow/document-list-cache.ts, ADR 0051):
-- the documents themselves, their attachments (the count), decisions (the last decider), the settlement's bookings
-- and their invoices (whether one is missing) and the tasks (the order's task name). The people's names and the
-- viewer's permissions are part of the company's actor version, which the pages are keyed by. One notification
-- per company and statement, from the statement's transition tables, as in migration 0031.
CREATE FUNCTION "notify_company_documents_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('delego_company_documents_changed', "company_id"::text) FROM (SELECT DISTINCT "company_id" FROM "new_rows") AS "changed";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('delego_company_documents_changed', "company_id"::text) FROM (SELECT DISTINCT "company_id" FROM "old_rows") AS "changed";
  ELSE
    PERFORM pg_notify('delego_company_documents_changed', "company_id"::text)
      FROM (SELECT "company_id" FROM "old_rows" UNION SELECT "company_id" FROM "new_rows") AS "changed";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "delegations_notify_documents_insert" AFTER INSERT ON "delegations" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegations_notify_documents_update" AFTER UPDATE ON "delegations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegations_notify_documents_delete" AFTER DELETE ON "delegations" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegation_orders_notify_documents_insert" AFTER INSERT ON "delegation_orders" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegation_orders_notify_documents_update" AFTER UPDATE ON "delegation_orders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegation_orders_notify_documents_delete" AFTER DELETE ON "delegation_orders" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "attachments_notify_documents_insert" AFTER INSERT ON "attachments" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "attachments_notify_documents_update" AFTER UPDATE ON "attachments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "attachments_notify_documents_delete" AFTER DELETE ON "attachments" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "document_decisions_notify_documents_insert" AFTER INSERT ON "document_decisions" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "document_decisions_notify_documents_update" AFTER UPDATE ON "document_decisions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "document_decisions_notify_documents_delete" AFTER DELETE ON "document_decisions" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegation_bookings_notify_documents_insert" AFTER INSERT ON "delegation_bookings" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegation_bookings_notify_documents_update" AFTER UPDATE ON "delegation_bookings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegation_bookings_notify_documents_delete" AFTER DELETE ON "delegation_bookings" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_notify_documents_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_notify_documents_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_notify_documents_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "invoice_bookings_notify_documents_insert" AFTER INSERT ON "invoice_bookings" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "invoice_bookings_notify_documents_update" AFTER UPDATE ON "invoice_bookings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "invoice_bookings_notify_documents_delete" AFTER DELETE ON "invoice_bookings" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegation_tasks_notify_documents_insert" AFTER INSERT ON "delegation_tasks" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegation_tasks_notify_documents_update" AFTER UPDATE ON "delegation_tasks" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "delegation_tasks_notify_documents_delete" AFTER DELETE ON "delegation_tasks" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();
