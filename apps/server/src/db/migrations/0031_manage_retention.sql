-- Decision 0043: retention rules and the export to the e-archive are a right of their own.
-- Administrators hold every right, so their roles get it here on installations whose roles
-- already exist (new roles get it from the defaults).
INSERT INTO "capabilities" ("key", "group") VALUES ('manage_retention', 'post') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_capabilities" ("role_id", "capability_key", "value")
  SELECT "id", 'manage_retention', true FROM "roles"
  WHERE "key" IN ('role_admin', 'role_superadmin', 'role_municipality_admin')
  ON CONFLICT DO NOTHING;
