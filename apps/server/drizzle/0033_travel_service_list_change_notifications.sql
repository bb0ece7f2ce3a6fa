-- Migration 0032's notification for the travel-service order list too (ADR 0051): the orders, their items and
-- passengers, their messages and who read them (the unread count) and the company's travel acceptors (who sees
-- the company's orders). Messages read by a provider consultant carry the order's company.
CREATE TRIGGER "travel_service_orders_notify_documents_insert" AFTER INSERT ON "travel_service_orders" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_orders_notify_documents_update" AFTER UPDATE ON "travel_service_orders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_orders_notify_documents_delete" AFTER DELETE ON "travel_service_orders" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_order_items_notify_documents_insert" AFTER INSERT ON "travel_service_order_items" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_order_items_notify_documents_update" AFTER UPDATE ON "travel_service_order_items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_order_items_notify_documents_delete" AFTER DELETE ON "travel_service_order_items" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_passengers_notify_documents_insert" AFTER INSERT ON "travel_service_passengers" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_passengers_notify_documents_update" AFTER UPDATE ON "travel_service_passengers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_passengers_notify_documents_delete" AFTER DELETE ON "travel_service_passengers" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_order_events_notify_documents_insert" AFTER INSERT ON "travel_service_order_events" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_order_events_notify_documents_update" AFTER UPDATE ON "travel_service_order_events" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_order_events_notify_documents_delete" AFTER DELETE ON "travel_service_order_events" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_message_reads_notify_documents_insert" AFTER INSERT ON "travel_service_message_reads" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_message_reads_notify_documents_update" AFTER UPDATE ON "travel_service_message_reads" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_message_reads_notify_documents_delete" AFTER DELETE ON "travel_service_message_reads" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_acceptors_notify_documents_insert" AFTER INSERT ON "travel_service_acceptors" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_acceptors_notify_documents_update" AFTER UPDATE ON "travel_service_acceptors" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "travel_service_acceptors_notify_documents_delete" AFTER DELETE ON "travel_service_acceptors" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_company_documents_changed"();
