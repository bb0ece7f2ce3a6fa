CREATE TABLE "audit_chain_heads" (
	"chain" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "row_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_idx" ON "audit_log" USING btree (coalesce("company_id", 0),"chain_seq");--> statement-breakpoint
-- A row's hash: SHA-256 over the previous row's hash and the row's content as one JSON array (its text form is
-- canonical, jsonb values included; the time as microseconds since the epoch, whatever the session's time zone).
-- `npm run audit:verify` recomputes it with this same function.
CREATE FUNCTION "audit_chain_hash"("previous" text, "r" "audit_log") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to("previous" || jsonb_build_array(
    r.id, r.company_id, r.user_id, r.context_user_id, r.action, r.entity_type, r.entity_id, r.before, r.after,
    r.request_id, r.ip_address, (extract(epoch FROM r.created_at) * 1000000)::bigint, r.chain_seq
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- The audit trail stays append-only; the one change allowed is the seal that links a new row into its chain, once.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.row_hash IS NULL AND NEW.row_hash IS NOT NULL
    AND (to_jsonb(NEW) - 'chain_seq' - 'prev_hash' - 'row_hash') = (to_jsonb(OLD) - 'chain_seq' - 'prev_hash' - 'row_hash') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
-- The rows written before the chain existed are linked in the order they were written.
DO $$
DECLARE
  r "audit_log";
  current_chain integer := -1;
  head_seq bigint;
  head_hash text;
BEGIN
  FOR r IN SELECT * FROM "audit_log" ORDER BY coalesce("company_id", 0), "id" LOOP
    IF coalesce(r.company_id, 0) <> current_chain THEN
      IF current_chain <> -1 THEN
        INSERT INTO "audit_chain_heads" ("chain", "last_seq", "last_hash") VALUES (current_chain, head_seq, head_hash);
      END IF;
      current_chain := coalesce(r.company_id, 0);
      head_seq := 0;
      head_hash := repeat('0', 64);
    END IF;
    r.chain_seq := head_seq + 1;
    r.prev_hash := head_hash;
    r.row_hash := "audit_chain_hash"(head_hash, r);
    UPDATE "audit_log" SET "chain_seq" = r.chain_seq, "prev_hash" = r.prev_hash, "row_hash" = r.row_hash WHERE "id" = r.id;
    head_seq := r.chain_seq;
    head_hash := r.row_hash;
  END LOOP;
  IF current_chain <> -1 THEN
    INSERT INTO "audit_chain_heads" ("chain", "last_seq", "last_hash") VALUES (current_chain, head_seq, head_hash);
  END IF;
END;
$$;--> statement-breakpoint
-- Each new row is linked at commit: by then the transaction holds every other lock it needs, so waiting here for
-- the company's chain head (its row lock, held to the commit) cannot close a deadlock cycle with business locks,
-- and two transactions of one company never link to the same previous row.
CREATE FUNCTION "seal_audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chain_key integer := coalesce(NEW.company_id, 0);
  head record;
  sealed "audit_log" := NEW;
BEGIN
  INSERT INTO "audit_chain_heads" ("chain", "last_seq", "last_hash") VALUES (chain_key, 0, repeat('0', 64)) ON CONFLICT ("chain") DO NOTHING;
  SELECT "last_seq", "last_hash" INTO head FROM "audit_chain_heads" WHERE "chain" = chain_key FOR UPDATE;
  sealed.chain_seq := head.last_seq + 1;
  sealed.prev_hash := head.last_hash;
  sealed.row_hash := "audit_chain_hash"(head.last_hash, sealed);
  UPDATE "audit_log" SET "chain_seq" = sealed.chain_seq, "prev_hash" = sealed.prev_hash, "row_hash" = sealed.row_hash WHERE "id" = NEW.id;
  UPDATE "audit_chain_heads" SET "last_seq" = sealed.chain_seq, "last_hash" = sealed.row_hash WHERE "chain" = chain_key;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_log_seal" AFTER INSERT ON "audit_log" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "seal_audit_row"();
