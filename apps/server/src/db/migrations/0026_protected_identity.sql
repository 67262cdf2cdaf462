ALTER TABLE "users" ADD COLUMN "security_marking" text DEFAULT 'Ingen' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_security_marking_known" CHECK ("users"."security_marking" in ('Ingen', 'Sekretessmarkering', 'Skyddad folkbokföring'));--> statement-breakpoint
-- Decision 0039: who may see a person with a protected identity is a right of its own.
-- Administrators hold every right and rektorer see their own school's people, so their
-- roles get it here on installations whose roles already exist (new roles get it from the defaults).
INSERT INTO "capabilities" ("key", "group") VALUES ('view_protected_identity', 'user') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_capabilities" ("role_id", "capability_key", "value")
  SELECT "id", 'view_protected_identity', true FROM "roles"
  WHERE "key" IN ('role_admin', 'role_superadmin', 'role_municipality_admin', 'role_school_responsible')
  ON CONFLICT DO NOTHING;
