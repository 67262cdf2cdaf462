-- The feed kept in memory also holds each post's start-page placement and
-- whether it asks to be confirmed (modules/posts/feed-mirror.ts): a change to
-- either is a change of the feed, logged under the feed counter as 0038 does.
CREATE FUNCTION "record_post_feed_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken bigint := nullif(current_setting('skolportalen.feed_generation', true), '')::bigint;
BEGIN
  IF taken IS NULL THEN
    UPDATE "cache_generations" SET "value" = "value" + 1 WHERE "scope" = 'feed'
      RETURNING "value" INTO taken;
    PERFORM set_config('skolportalen.feed_generation', taken::text, true);
    DELETE FROM "post_feed_changes" WHERE "generation" <= taken - 10000;
  END IF;
  INSERT INTO "post_feed_changes" ("generation", "post_id") VALUES (taken, NEW.id)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "posts_feed_changes"
  AFTER UPDATE OF "page_placement", "requires_acknowledgement" ON "posts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.page_placement IS DISTINCT FROM NEW.page_placement
        OR OLD.requires_acknowledgement IS DISTINCT FROM NEW.requires_acknowledgement)
  EXECUTE FUNCTION "record_post_feed_change"();
