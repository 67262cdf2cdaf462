CREATE TABLE "post_acknowledgement_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_acknowledgement_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "post_acknowledgement_reminders" ADD COLUMN "mail_id" integer;--> statement-breakpoint
ALTER TABLE "post_acknowledgement_links" ADD CONSTRAINT "post_acknowledgement_links_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_acknowledgement_links" ADD CONSTRAINT "post_acknowledgement_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_acknowledgement_links_reader_idx" ON "post_acknowledgement_links" USING btree ("post_id","user_id");--> statement-breakpoint
CREATE INDEX "post_acknowledgement_links_user_idx" ON "post_acknowledgement_links" USING btree ("user_id") WHERE "post_acknowledgement_links"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "post_acknowledgement_reminders" ADD CONSTRAINT "post_acknowledgement_reminders_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_acknowledgement_reminders_mail_idx" ON "post_acknowledgement_reminders" USING btree ("mail_id") WHERE "post_acknowledgement_reminders"."mail_id" is not null;--> statement-breakpoint
-- When a one-click link ends: a week after the deadline, or thirty days after it
-- was made for a notice without one. Used where a link is made and below, where a
-- moved deadline moves the end of the links still valid.
CREATE FUNCTION "acknowledgement_link_expiry"(deadline timestamptz, issued timestamptz)
  RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(deadline + interval '7 days', issued + interval '30 days')
$$;
--> statement-breakpoint
-- The links follow their post, whatever changes it (the editor, the scheduler taking
-- it down): one that is no longer published or no longer asks for a confirmation
-- revokes them, for good; a moved deadline moves their end.
CREATE FUNCTION "acknowledgement_links_follow_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'publish' OR NOT NEW."requires_acknowledgement" THEN
    UPDATE "post_acknowledgement_links" SET "revoked_at" = now()
      WHERE "post_id" = NEW."id" AND "revoked_at" IS NULL;
  ELSIF NEW."acknowledge_by" IS DISTINCT FROM OLD."acknowledge_by" THEN
    UPDATE "post_acknowledgement_links"
      SET "expires_at" = acknowledgement_link_expiry(NEW."acknowledge_by", "created_at")
      WHERE "post_id" = NEW."id" AND "revoked_at" IS NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_acknowledgement_links" AFTER UPDATE OF "status", "requires_acknowledgement", "acknowledge_by" ON "posts"
  FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."requires_acknowledgement" IS DISTINCT FROM NEW."requires_acknowledgement"
    OR OLD."acknowledge_by" IS DISTINCT FROM NEW."acknowledge_by")
  EXECUTE FUNCTION "acknowledgement_links_follow_post"();
--> statement-breakpoint
-- A disabled account's links are revoked, by whichever way it was disabled (an
-- administrator, the SS12000 import).
CREATE FUNCTION "acknowledgement_links_follow_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "post_acknowledgement_links" SET "revoked_at" = now()
    WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_acknowledgement_links" AFTER UPDATE OF "disabled_at" ON "users"
  FOR EACH ROW WHEN (OLD."disabled_at" IS NULL AND NEW."disabled_at" IS NOT NULL)
  EXECUTE FUNCTION "acknowledgement_links_follow_account"();
