CREATE TABLE "post_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"number" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"changed_by" integer,
	"event" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"post" jsonb NOT NULL,
	"node_ids" integer[] NOT NULL,
	"category_ids" integer[] NOT NULL,
	"user_ids" integer[] NOT NULL,
	"editor_ids" integer[] NOT NULL,
	CONSTRAINT "post_versions_event_check" CHECK ("post_versions"."event" in ('created', 'saved', 'published', 'unpublished', 'scheduled', 'trashed', 'restored', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "retention_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_type" text NOT NULL,
	"keep_months" integer,
	"decision" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_rules_keep_months_check" CHECK ("retention_rules"."keep_months" is null or "retention_rules"."keep_months" >= 1)
);
--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_versions_post_number" ON "post_versions" USING btree ("post_id","number");--> statement-breakpoint
CREATE INDEX "post_versions_post_recorded" ON "post_versions" USING btree ("post_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "retention_rules_post_type" ON "retention_rules" USING btree ("post_type");--> statement-breakpoint
-- The posts there already are get their present state as version 1: what they were before was not kept.
INSERT INTO "post_versions" ("post_id", "number", "recorded_at", "changed_by", "event", "type", "status", "title", "slug", "post", "node_ids", "category_ids", "user_ids", "editor_ids")
SELECT p.id, 1, p.updated_at, NULL, 'created', p.type, p.status, p.title, p.slug, to_jsonb(p) - 'search',
  array(SELECT node_id FROM post_nodes WHERE post_id = p.id ORDER BY node_id),
  array(SELECT category_id FROM post_categories WHERE post_id = p.id ORDER BY category_id),
  array(SELECT user_id FROM post_users WHERE post_id = p.id ORDER BY user_id),
  array(SELECT user_id FROM post_editors WHERE post_id = p.id ORDER BY user_id)
FROM posts p;
