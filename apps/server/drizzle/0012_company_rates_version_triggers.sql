-- Every statement that changes a company's rate data raises that company's rates_version once, so the
-- per-company calculation cache of any server process sees the change on its next request.
CREATE FUNCTION "raise_company_rates_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "companies" SET "rates_version" = "rates_version" + 1 WHERE "id" IN (SELECT DISTINCT "company_id" FROM "changed_rows");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "rate_groups_rates_version_insert" AFTER INSERT ON "rate_groups" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "rate_groups_rates_version_update" AFTER UPDATE ON "rate_groups" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "rate_groups_rates_version_delete" AFTER DELETE ON "rate_groups" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "delegation_rates_rates_version_insert" AFTER INSERT ON "delegation_rates" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "delegation_rates_rates_version_update" AFTER UPDATE ON "delegation_rates" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "delegation_rates_rates_version_delete" AFTER DELETE ON "delegation_rates" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "mileage_rates_rates_version_insert" AFTER INSERT ON "mileage_rates" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "mileage_rates_rates_version_update" AFTER UPDATE ON "mileage_rates" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "mileage_rates_rates_version_delete" AFTER DELETE ON "mileage_rates" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "exchange_rates_rates_version_insert" AFTER INSERT ON "exchange_rates" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "exchange_rates_rates_version_update" AFTER UPDATE ON "exchange_rates" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();--> statement-breakpoint
CREATE TRIGGER "exchange_rates_rates_version_delete" AFTER DELETE ON "exchange_rates" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_rates_version"();
