-- Tells the embedded database's one process of every change to an employee's settlements as it commits, so
-- the settlement form's check for another delegation at the same time (spec §5) can keep its answers per
-- employee and drop them at once (modules/settlements/other-delegation.ts, ADR 0044). One notification per
-- employee and statement, from the statement's transition tables: a bulk insert of thousands of settlements
-- sends one per employee, not one per row. On a PostgreSQL server nothing listens (see migration 0030).
CREATE FUNCTION "notify_employee_trips_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('delego_employee_trips_changed', "employee")
      FROM (SELECT DISTINCT "company_id"::text || ':' || "user_id"::text AS "employee" FROM "new_rows") AS "changed";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('delego_employee_trips_changed', "employee")
      FROM (SELECT DISTINCT "company_id"::text || ':' || "user_id"::text AS "employee" FROM "old_rows") AS "changed";
  ELSE
    PERFORM pg_notify('delego_employee_trips_changed', "employee")
      FROM (
        SELECT "company_id"::text || ':' || "user_id"::text AS "employee" FROM "old_rows"
        UNION
        SELECT "company_id"::text || ':' || "user_id"::text FROM "new_rows"
      ) AS "changed";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "delegations_notify_insert" AFTER INSERT ON "delegations" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_employee_trips_changed"();--> statement-breakpoint
CREATE TRIGGER "delegations_notify_update" AFTER UPDATE ON "delegations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_employee_trips_changed"();--> statement-breakpoint
CREATE TRIGGER "delegations_notify_delete" AFTER DELETE ON "delegations" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_employee_trips_changed"();
