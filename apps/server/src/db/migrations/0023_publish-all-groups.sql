-- Decision 0028: aiming content beyond one's own groups and schools is a right
-- of its own. Administrators hold every right, so their roles get it here on
-- installations whose roles already exist (new roles get it from the defaults).
INSERT INTO "capabilities" ("key", "group") VALUES ('publish_all_groups', 'post') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_capabilities" ("role_id", "capability_key", "value")
  SELECT "id", 'publish_all_groups', true FROM "roles"
  WHERE "key" IN ('role_admin', 'role_superadmin', 'role_municipality_admin')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_capabilities" ("role_id", "capability_key", "value")
  SELECT "id", 'publish_all_groups', false FROM "roles" WHERE "key" = 'role_teacher'
  ON CONFLICT DO NOTHING;
