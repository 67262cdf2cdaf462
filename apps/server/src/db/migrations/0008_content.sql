CREATE TABLE "post_categories" (
	"post_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "post_categories_post_id_category_id_pk" PRIMARY KEY("post_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "post_editors" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "post_editors_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_media" (
	"post_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_media_post_id_media_id_pk" PRIMARY KEY("post_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "post_nodes" (
	"post_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	CONSTRAINT "post_nodes_post_id_node_id_pk" PRIMARY KEY("post_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "post_reads" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reads_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_users" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "post_users_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'publish' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"order_post_before_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"author_id" integer,
	"pseudo_author" text,
	"allow_comments" boolean DEFAULT true NOT NULL,
	"published_date" timestamp with time zone,
	"unpublished_date" timestamp with time zone,
	"authored_date" timestamp with time zone,
	"send_notification" boolean DEFAULT false NOT NULL,
	"blurbs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" jsonb,
	"media_id" integer,
	"course_node_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"page_placement" text DEFAULT 'none' NOT NULL,
	"course_date" date,
	"course" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('swedish'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('swedish'::regconfig, coalesce("excerpt", '')), 'B') || setweight(to_tsvector('swedish'::regconfig, coalesce("search_text", '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "posts_type_check" CHECK ("posts"."type" in ('news', 'page', 'page-related', 'pinned-news', 'info', 'info-important', 'alert', 'advertisment', 'givetake', 'course', 'tool', 'google-tool')),
	CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('publish', 'draft', 'trash', 'future')),
	CONSTRAINT "posts_page_placement_check" CHECK ("posts"."page_placement" in ('none', 'start-top', 'start-bottom'))
);
--> statement-breakpoint
ALTER TABLE "post_categories" ADD CONSTRAINT "post_categories_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_categories" ADD CONSTRAINT "post_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_editors" ADD CONSTRAINT "post_editors_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_editors" ADD CONSTRAINT "post_editors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_nodes" ADD CONSTRAINT "post_nodes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_nodes" ADD CONSTRAINT "post_nodes_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_users" ADD CONSTRAINT "post_users_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_users" ADD CONSTRAINT "post_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_order_post_before_id_posts_id_fk" FOREIGN KEY ("order_post_before_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_categories_category_idx" ON "post_categories" USING btree ("category_id","post_id");--> statement-breakpoint
CREATE INDEX "post_editors_user_idx" ON "post_editors" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "post_media_media_idx" ON "post_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "post_nodes_node_idx" ON "post_nodes" USING btree ("node_id","post_id");--> statement-breakpoint
CREATE INDEX "post_reads_user_idx" ON "post_reads" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "post_users_user_idx" ON "post_users" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("sort_order","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'publish';--> statement-breakpoint
CREATE INDEX "posts_type_feed_idx" ON "posts" USING btree ("type","sort_order","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'publish';--> statement-breakpoint
CREATE INDEX "posts_status_idx" ON "posts" USING btree ("status","sort_order","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "posts_parent_idx" ON "posts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "posts_before_idx" ON "posts" USING btree ("order_post_before_id");--> statement-breakpoint
CREATE INDEX "posts_due_idx" ON "posts" USING btree ("published_date") WHERE "posts"."status" = 'future';--> statement-breakpoint
CREATE INDEX "posts_expiring_idx" ON "posts" USING btree ("unpublished_date") WHERE "posts"."status" = 'publish' and "posts"."unpublished_date" is not null;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");