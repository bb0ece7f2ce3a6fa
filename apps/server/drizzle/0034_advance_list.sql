-- The advance list (issue 13, point 3): its pages are kept like the other document lists' (ADR 0051), so migration
-- 0032's notification follows the advances too; the order, its attachments and the people's names already notify or
-- raise the actor version. The index lets a page walk the orders by start date and take each one's advances, and
-- serves the look-ups of an order's advances.
CREATE INDEX "advances_company_order_idx" ON "advances" USING btree ("company_id","delegation_order_id");--> statement-breakpoint
CREATE TRIGGER "advances_notify_documents_insert" AFTER INSERT ON "advances" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "advances_notify_documents_update" AFTER UPDATE ON "advances" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "advances_notify_documents_delete" AFTER DELETE ON "advances" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();
