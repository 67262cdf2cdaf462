CREATE INDEX "tokens_masked_by_idx" ON "tokens" USING btree ("masked_by");--> statement-breakpoint
-- Whether one is an approver is kept with the session (the current user's isApprover): a
-- change of the approval rules raises the session counter like a change of roles does.
CREATE CONSTRAINT TRIGGER "approval_rules_session_generation" AFTER INSERT OR UPDATE OR DELETE ON "approval_rules"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_session_generation"();
