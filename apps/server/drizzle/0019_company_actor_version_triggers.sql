-- Every statement that changes what a request's actor is made of raises the company's actor_version once,
-- so the actor cache of any server process (auth/actor-cache.ts), which reads the version with the session
-- on every request, rebuilds the actors of that company on their next request.
CREATE FUNCTION "raise_company_actor_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "companies" SET "actor_version" = "actor_version" + 1 WHERE "id" IN (SELECT DISTINCT "company_id" FROM "changed_rows");
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Role permissions name only their role; a role deleted in the same statement raises the version itself.
CREATE FUNCTION "raise_company_actor_version_by_role"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "companies" SET "actor_version" = "actor_version" + 1
   WHERE "id" IN (SELECT DISTINCT "roles"."company_id" FROM "changed_rows" JOIN "roles" ON "roles"."id" = "changed_rows"."role_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- User roles and user permissions name only their user; a user deleted in the same statement raises the version itself.
CREATE FUNCTION "raise_company_actor_version_by_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "companies" SET "actor_version" = "actor_version" + 1
   WHERE "id" IN (SELECT DISTINCT "users"."company_id" FROM "changed_rows" JOIN "users" ON "users"."id" = "changed_rows"."user_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The company row itself: its code, name, settings and state are part of every actor.
CREATE FUNCTION "raise_own_actor_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."code", NEW."name", NEW."settings", NEW."is_active") IS DISTINCT FROM (OLD."code", OLD."name", OLD."settings", OLD."is_active") THEN
    NEW."actor_version" := OLD."actor_version" + 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "companies_actor_version" BEFORE UPDATE ON "companies" FOR EACH ROW EXECUTE FUNCTION "raise_own_actor_version"();--> statement-breakpoint
CREATE TRIGGER "users_actor_version_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "users_actor_version_update" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "users_actor_version_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "roles_actor_version_insert" AFTER INSERT ON "roles" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "roles_actor_version_update" AFTER UPDATE ON "roles" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "roles_actor_version_delete" AFTER DELETE ON "roles" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "permission_transfers_actor_version_insert" AFTER INSERT ON "permission_transfers" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "permission_transfers_actor_version_update" AFTER UPDATE ON "permission_transfers" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "permission_transfers_actor_version_delete" AFTER DELETE ON "permission_transfers" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "substitutes_actor_version_insert" AFTER INSERT ON "substitutes" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "substitutes_actor_version_update" AFTER UPDATE ON "substitutes" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "substitutes_actor_version_delete" AFTER DELETE ON "substitutes" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_actor_version_insert" AFTER INSERT ON "role_permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version_by_role"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_actor_version_update" AFTER UPDATE ON "role_permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version_by_role"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_actor_version_delete" AFTER DELETE ON "role_permissions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version_by_role"();--> statement-breakpoint
CREATE TRIGGER "user_roles_actor_version_insert" AFTER INSERT ON "user_roles" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version_by_user"();--> statement-breakpoint
CREATE TRIGGER "user_roles_actor_version_update" AFTER UPDATE ON "user_roles" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version_by_user"();--> statement-breakpoint
CREATE TRIGGER "user_roles_actor_version_delete" AFTER DELETE ON "user_roles" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version_by_user"();--> statement-breakpoint
CREATE TRIGGER "user_permissions_actor_version_insert" AFTER INSERT ON "user_permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version_by_user"();--> statement-breakpoint
CREATE TRIGGER "user_permissions_actor_version_update" AFTER UPDATE ON "user_permissions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version_by_user"();--> statement-breakpoint
CREATE TRIGGER "user_permissions_actor_version_delete" AFTER DELETE ON "user_permissions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_company_actor_version_by_user"();
