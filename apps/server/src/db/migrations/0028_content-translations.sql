CREATE TABLE "post_translations" (
	"post_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_hash" text NOT NULL,
	"machine_translated" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_translations_post_id_language_pk" PRIMARY KEY("post_id","language"),
	CONSTRAINT "post_translations_language_shape" CHECK ("post_translations"."language" ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$' and "post_translations"."language" <> 'sv')
);
--> statement-breakpoint
CREATE TABLE "translation_usage" (
	"day" date PRIMARY KEY NOT NULL,
	"characters" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "translation_usage_characters_positive" CHECK ("translation_usage"."characters" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_language" text DEFAULT 'sv' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_translations" ADD CONSTRAINT "post_translations_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_translations" ADD CONSTRAINT "post_translations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_language_shape" CHECK ("users"."preferred_language" ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$');--> statement-breakpoint
-- A translation saved, asked for or removed changes what readers' kept feeds hold (decision 0017).
CREATE CONSTRAINT TRIGGER "post_translations_content_generation" AFTER INSERT OR UPDATE OR DELETE ON "post_translations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_generation"();
