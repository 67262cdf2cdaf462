CREATE TABLE "cache_generations" (
	"scope" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_generations" ("scope", "value") VALUES ('session', 0);
--> statement-breakpoint
-- Raised once per transaction, at its commit (deferred), after every other lock it takes:
-- a reader sees the new counter only together with the data that changed.
CREATE FUNCTION "bump_session_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('skolportalen.session_generation_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('skolportalen.session_generation_bumped', 'on', true);
  UPDATE "cache_generations" SET "value" = "value" + 1 WHERE "scope" = 'session';
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A new token changes no session that is already cached; a revoked or deleted one does.
CREATE CONSTRAINT TRIGGER "tokens_session_generation" AFTER UPDATE OR DELETE ON "tokens"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_session_generation"();
--> statement-breakpoint
DO $$
DECLARE
  guarded text;
BEGIN
  FOREACH guarded IN ARRAY ARRAY['users', 'user_roles', 'roles', 'role_capabilities',
    'user_capabilities', 'capabilities', 'user_nodes', 'nodes', 'user_categories',
    'categories', 'account_links']
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_session_generation"()',
      guarded || '_session_generation', guarded);
  END LOOP;
END
$$;
