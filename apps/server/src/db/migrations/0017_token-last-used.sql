ALTER TABLE "tokens" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Noting a token's use is not a change to any session: only the other columns raise the
-- session counter (decision 0019), or every request would empty every instance's cache.
DROP TRIGGER "tokens_session_generation" ON "tokens";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tokens_session_generation" AFTER UPDATE ON "tokens"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at'))
  EXECUTE FUNCTION "bump_session_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tokens_session_generation_delete" AFTER DELETE ON "tokens"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_session_generation"();
