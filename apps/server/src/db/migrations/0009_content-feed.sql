CREATE TABLE "post_feed" (
	"post_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"type" text NOT NULL,
	"sort_order" integer NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_feed_node_id_category_id_post_id_pk" PRIMARY KEY("node_id","category_id","post_id")
);
--> statement-breakpoint
ALTER TABLE "post_feed" ADD CONSTRAINT "post_feed_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_feed_post_idx" ON "post_feed" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_feed_order_idx" ON "post_feed" USING btree ("node_id","category_id","sort_order","sort_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_feed_date_idx" ON "post_feed" USING btree ("node_id","category_id","published_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_feed_type_order_idx" ON "post_feed" USING btree ("node_id","category_id","type","sort_order","sort_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_feed_type_date_idx" ON "post_feed" USING btree ("node_id","category_id","type","published_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);