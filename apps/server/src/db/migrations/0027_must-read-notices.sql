CREATE TABLE "post_acknowledgement_reminders" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_acknowledgement_reminders_post_id_user_id_slot_at_pk" PRIMARY KEY("post_id","user_id","slot_at")
);
--> statement-breakpoint
CREATE TABLE "post_acknowledgements" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"child_id" integer,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text DEFAULT 'portal' NOT NULL,
	CONSTRAINT "post_acknowledgements_via_check" CHECK ("post_acknowledgements"."via" in ('portal', 'email-link'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "requires_acknowledgement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "acknowledge_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "acknowledgement" text DEFAULT 'each-reader' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reminder_hours_before" integer[] DEFAULT '{24}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "post_acknowledgement_reminders" ADD CONSTRAINT "post_acknowledgement_reminders_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_acknowledgement_reminders" ADD CONSTRAINT "post_acknowledgement_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_acknowledgements" ADD CONSTRAINT "post_acknowledgements_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_acknowledgements" ADD CONSTRAINT "post_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_acknowledgements" ADD CONSTRAINT "post_acknowledgements_child_id_users_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_acknowledgements_once" ON "post_acknowledgements" USING btree ("post_id","user_id",coalesce("child_id", 0));--> statement-breakpoint
CREATE INDEX "post_acknowledgements_child_idx" ON "post_acknowledgements" USING btree ("post_id","child_id");--> statement-breakpoint
CREATE INDEX "post_acknowledgements_user_idx" ON "post_acknowledgements" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "posts_must_read_idx" ON "posts" USING btree ("acknowledge_by","id") WHERE "posts"."status" = 'publish' and "posts"."requires_acknowledgement";--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_acknowledgement_check" CHECK ("posts"."acknowledgement" in ('each-reader', 'each-guardian'));--> statement-breakpoint
-- A confirmation changes the view of the one who confirmed and, for a child, of the
-- child's other guardians (one guardian's confirmation may be enough for the child):
-- their kept answers (decision 0017) follow their own counters.
CREATE FUNCTION "bump_acknowledgement_generations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_changed "post_acknowledgements";
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_changed := OLD;
  ELSE
    row_changed := NEW;
  END IF;
  INSERT INTO "user_generations" ("user_id", "value")
    SELECT row_changed."user_id", 1
    UNION
    SELECT al."user_id", 1 FROM "account_links" al
      WHERE al."related_user_id" = row_changed."child_id" AND al."relation" = 'child'
    ON CONFLICT ("user_id") DO UPDATE SET "value" = "user_generations"."value" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "post_acknowledgements_user_generation" AFTER INSERT OR UPDATE OR DELETE ON "post_acknowledgements"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_acknowledgement_generations"();
