CREATE TABLE "post_feed_changes" (
	"generation" bigint NOT NULL,
	"post_id" integer NOT NULL,
	CONSTRAINT "post_feed_changes_generation_post_id_pk" PRIMARY KEY("generation","post_id")
);
--> statement-breakpoint
INSERT INTO "cache_generations" ("scope", "value") VALUES ('feed', 0);
--> statement-breakpoint
-- Like the other counters (0014, 0015): raised once per transaction, at its
-- commit, so transactions that change the feed take its values in the order
-- they commit, and every change is logged under the value its transaction
-- took. Only the last 10,000 values' changes are kept: a reader further
-- behind reads the whole feed again (modules/posts/feed-mirror.ts).
CREATE FUNCTION "record_feed_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken bigint := nullif(current_setting('skolportalen.feed_generation', true), '')::bigint;
BEGIN
  IF taken IS NULL THEN
    UPDATE "cache_generations" SET "value" = "value" + 1 WHERE "scope" = 'feed'
      RETURNING "value" INTO taken;
    PERFORM set_config('skolportalen.feed_generation', taken::text, true);
    DELETE FROM "post_feed_changes" WHERE "generation" <= taken - 10000;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "post_feed_changes" ("generation", "post_id") VALUES (taken, OLD.post_id)
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "post_feed_changes" ("generation", "post_id") VALUES (taken, NEW.post_id)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "post_feed_changes" AFTER INSERT OR UPDATE OR DELETE ON "post_feed"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "record_feed_change"();
