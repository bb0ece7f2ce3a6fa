ALTER TABLE "sessions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "expires_at" = "created_at" + interval '12 hours';--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "expires_at" SET NOT NULL;
