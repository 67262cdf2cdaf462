INSERT INTO "cache_generations" ("scope", "value") VALUES ('links', 0);
--> statement-breakpoint
-- Like the session and content counters (0014, 0015): once per transaction, at its commit.
CREATE FUNCTION "bump_links_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('skolportalen.links_generation_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('skolportalen.links_generation_bumped', 'on', true);
  UPDATE "cache_generations" SET "value" = "value" + 1 WHERE "scope" = 'links';
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  guarded text;
BEGIN
  FOREACH guarded IN ARRAY ARRAY['links', 'link_nodes', 'link_categories', 'media']
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_links_generation"()',
      guarded || '_links_generation', guarded);
  END LOOP;
END
$$;
--> statement-breakpoint
-- One's own tool list (chosen tools and their order) changes one's own view only.
CREATE CONSTRAINT TRIGGER "user_links_user_generation" AFTER INSERT OR UPDATE OR DELETE ON "user_links"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_generation"();
