CREATE TABLE "user_generations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_generations" ("scope", "value") VALUES ('content', 0);
--> statement-breakpoint
-- Like the session counter (0014): once per transaction, at its commit.
CREATE FUNCTION "bump_content_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('skolportalen.content_generation_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('skolportalen.content_generation_bumped', 'on', true);
  UPDATE "cache_generations" SET "value" = "value" + 1 WHERE "scope" = 'content';
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  guarded text;
BEGIN
  FOREACH guarded IN ARRAY ARRAY['posts', 'post_nodes', 'post_categories', 'post_users',
    'post_editors', 'post_media', 'post_feed', 'media', 'comments', 'users']
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_generation"()',
      guarded || '_content_generation', guarded);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A like or a read changes the view of the one who liked or read.
CREATE FUNCTION "bump_user_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    owner := OLD.user_id;
  ELSE
    owner := NEW.user_id;
  END IF;
  INSERT INTO "user_generations" ("user_id", "value") VALUES (owner, 1)
    ON CONFLICT ("user_id") DO UPDATE SET "value" = "user_generations"."value" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "likes_user_generation" AFTER INSERT OR UPDATE OR DELETE ON "likes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "post_reads_user_generation" AFTER INSERT OR UPDATE OR DELETE ON "post_reads"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_generation"();
