CREATE TABLE "approval_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"post_types" text[] DEFAULT '{}' NOT NULL,
	"audience" text DEFAULT 'any' NOT NULL,
	"author_roles" text[] DEFAULT '{}' NOT NULL,
	"approver_role" text NOT NULL,
	"approver_same_school" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rules_audience_check" CHECK ("approval_rules"."audience" in ('any', 'municipality', 'school-unit'))
);
--> statement-breakpoint
CREATE TABLE "post_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"rule_id" integer,
	"requested_by" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"version_number" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "post_approvals_state_check" CHECK ("post_approvals"."state" in ('pending', 'approved', 'returned', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_status_check";--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_approvals" ADD CONSTRAINT "post_approvals_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_approvals" ADD CONSTRAINT "post_approvals_rule_id_approval_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."approval_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_approvals" ADD CONSTRAINT "post_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_approvals" ADD CONSTRAINT "post_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_approvals_one_pending" ON "post_approvals" USING btree ("post_id") WHERE "post_approvals"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "post_approvals_post_idx" ON "post_approvals" USING btree ("post_id","requested_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('publish', 'draft', 'trash', 'future', 'pending'));--> statement-breakpoint
-- Issue 29: deciding which posts need approval is a right of its own. Administrators hold every
-- right, so their roles get it here on installations whose roles already exist.
INSERT INTO "capabilities" ("key", "group") VALUES ('manage_approval_rules', 'post') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_capabilities" ("role_id", "capability_key", "value")
  SELECT "id", 'manage_approval_rules', true FROM "roles"
  WHERE "key" IN ('role_admin', 'role_superadmin', 'role_municipality_admin')
  ON CONFLICT DO NOTHING;
