-- The embedded database has one connection, in the server's own process: every change passes through it.
-- These notifications let that process keep each open session's validity (the session row and its companies'
-- versions) in memory and drop it the moment a change commits (modules/auth/session-validity-cache.ts), so a
-- request reads nothing before its handler. NOTIFY is delivered at commit, never for a rolled-back change.
-- On a PostgreSQL server nothing listens (each request reads the versions with its session) and a
-- notification without a listener costs only its queue entry.
CREATE FUNCTION "notify_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('delego_session_changed', OLD."id"::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "notify_company_versions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('delego_company_versions_changed', NEW."id"::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_change" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_changed"();--> statement-breakpoint
CREATE TRIGGER "companies_notify_versions_change" AFTER UPDATE ON "companies" FOR EACH ROW
  WHEN (OLD."actor_version" IS DISTINCT FROM NEW."actor_version" OR OLD."rates_version" IS DISTINCT FROM NEW."rates_version")
  EXECUTE FUNCTION "notify_company_versions_changed"();
