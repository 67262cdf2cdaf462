-- Who really acts through a token is recorded when it is issued (decision 0027).
ALTER TABLE "tokens" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "issued_through" uuid;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "signed_in_user_id" integer;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "origin_user_id" integer;--> statement-breakpoint
-- A role-switch or masked token issued before now has no recorded origin: it ends here,
-- and its person switches again. Every other token is a session of its own.
UPDATE "tokens" SET "status" = 'revoked', "revoked_at" = now()
  WHERE "status" = 'active' AND "type" IN ('related', 'masked');--> statement-breakpoint
UPDATE "tokens" SET "session_id" = "id", "signed_in_user_id" = coalesce("masked_by", "user_id"),
  "origin_user_id" = "user_id";--> statement-breakpoint
ALTER TABLE "tokens" ALTER COLUMN "session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tokens" ALTER COLUMN "signed_in_user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tokens" ALTER COLUMN "origin_user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_issued_through_tokens_id_fk" FOREIGN KEY ("issued_through") REFERENCES "public"."tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_signed_in_user_id_users_id_fk" FOREIGN KEY ("signed_in_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_origin_user_id_users_id_fk" FOREIGN KEY ("origin_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tokens_session_idx" ON "tokens" USING btree ("session_id");
