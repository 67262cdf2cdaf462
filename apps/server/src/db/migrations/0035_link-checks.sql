CREATE TABLE "link_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"url" text NOT NULL,
	"problem" text,
	"http_status" integer,
	"checked_at" timestamp with time zone NOT NULL,
	"broken_since" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "link_checks_problem_check" CHECK ("link_checks"."problem" is null or "link_checks"."problem" in ('status', 'timeout', 'redirects', 'network'))
);
--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_checks_post_url" ON "link_checks" USING btree ("post_id","url");--> statement-breakpoint
CREATE INDEX "link_checks_broken_idx" ON "link_checks" USING btree ("post_id") WHERE "link_checks"."problem" is not null;--> statement-breakpoint
CREATE INDEX "link_checks_checked_idx" ON "link_checks" USING btree ("checked_at");