CREATE TABLE "post_review_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"period" integer NOT NULL,
	"stage" text NOT NULL,
	"review_date" date NOT NULL,
	"recipient_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_review_notices_stage_check" CHECK ("post_review_notices"."stage" in ('reminder', 'escalation', 'unpublished'))
);
--> statement-breakpoint
CREATE TABLE "post_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone NOT NULL,
	"previous_date" date,
	"next_date" date
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_date" date;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_period" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_review_notices" ADD CONSTRAINT "post_review_notices_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reviews" ADD CONSTRAINT "post_reviews_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reviews" ADD CONSTRAINT "post_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_review_notices_once" ON "post_review_notices" USING btree ("post_id","period","stage");--> statement-breakpoint
CREATE INDEX "post_review_notices_post_idx" ON "post_review_notices" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_reviews_post_idx" ON "post_reviews" USING btree ("post_id","reviewed_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_owner_idx" ON "posts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "posts_review_idx" ON "posts" USING btree ("review_date") WHERE "posts"."review_date" is not null;--> statement-breakpoint
-- Issue 29: every post has an owner, at first its author.
UPDATE "posts" SET "owner_id" = "author_id" WHERE "owner_id" IS NULL;--> statement-breakpoint
-- Pages are reviewed every twelve months (REVIEW_MONTHS_PAGE's default), counted from the day they
-- were last published or changed. Other types get a date from the nightly run when their setting
-- asks for one.
UPDATE "posts"
  SET "review_date" = ((greatest("updated_at", coalesce("published_date", "updated_at")) AT TIME ZONE 'Europe/Stockholm')::date + interval '12 months')::date
  WHERE "type" IN ('page', 'page-related') AND "status" <> 'trash' AND "review_date" IS NULL;--> statement-breakpoint
-- Seeing every school's content to review is a right of its own; administrators hold every right,
-- so their roles get it here on installations whose roles already exist.
INSERT INTO "capabilities" ("key", "group") VALUES ('manage_content_reviews', 'post') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_capabilities" ("role_id", "capability_key", "value")
  SELECT "id", 'manage_content_reviews', true FROM "roles"
  WHERE "key" IN ('role_admin', 'role_superadmin', 'role_municipality_admin')
  ON CONFLICT DO NOTHING;
