-- The current user's categories carry the groups each category is linked to, and the answer is
-- kept with the session: linking a group to a category, or taking it away, raises the session
-- counter like a change of the categories themselves does.
CREATE CONSTRAINT TRIGGER "category_nodes_session_generation" AFTER INSERT OR UPDATE OR DELETE ON "category_nodes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_session_generation"();
