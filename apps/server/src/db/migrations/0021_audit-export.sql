CREATE TABLE "audit_export_pending" (
	"audit_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_export_pending" ADD CONSTRAINT "audit_export_pending_audit_id_audit_log_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- In the writing transaction: an entry is pending exactly when it is committed.
CREATE FUNCTION "audit_export_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_export_pending" ("audit_id") VALUES (NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_export" AFTER INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_export_enqueue"();
--> statement-breakpoint
-- Entries written before the export existed are delivered too, once it is turned on.
INSERT INTO "audit_export_pending" ("audit_id") SELECT "id" FROM "audit_log";
