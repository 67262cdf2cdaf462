CREATE TABLE "course_attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer,
	"external_name" text,
	"external_email" text,
	"external_organisation" text,
	"status" text NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_attendees_status_check" CHECK ("course_attendees"."status" in ('approved', 'pending', 'reserve')),
	CONSTRAINT "course_attendees_who_check" CHECK ("course_attendees"."user_id" is not null or ("course_attendees"."external_name" is not null and "course_attendees"."external_email" is not null))
);
--> statement-breakpoint
CREATE TABLE "course_feed_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_feed_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "course_attendees" ADD CONSTRAINT "course_attendees_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_attendees" ADD CONSTRAINT "course_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_attendees" ADD CONSTRAINT "course_attendees_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_feed_tokens" ADD CONSTRAINT "course_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_attendees_user_unique" ON "course_attendees" USING btree ("post_id","user_id") WHERE "course_attendees"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "course_attendees_external_unique" ON "course_attendees" USING btree ("post_id",lower("external_email")) WHERE "course_attendees"."user_id" is null;--> statement-breakpoint
CREATE INDEX "course_attendees_queue_idx" ON "course_attendees" USING btree ("post_id","status","queued_at","id");--> statement-breakpoint
CREATE INDEX "course_attendees_user_idx" ON "course_attendees" USING btree ("user_id");