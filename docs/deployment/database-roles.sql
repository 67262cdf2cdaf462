-- Two roles for Skolportalen on PostgreSQL (ASVS 13.2.2): the owner migrates
-- the schema, the portal runs as a role that may only read and write rows.
-- Replace the passwords; run the first part as a superuser (or a role with
-- CREATEROLE and CREATEDB), the second connected to the new database as the
-- owner. Then start the portal with
--   MIGRATION_DATABASE_URL=postgres://skolportalen_owner:…@host/skolportalen?sslmode=verify-full
--   DATABASE_URL=postgres://skolportalen_app:…@host/skolportalen?sslmode=verify-full
-- (sslmode only for a server on another host; the portal refuses a plain connection there.)

-- Part 1, as a superuser.
CREATE ROLE skolportalen_owner LOGIN PASSWORD 'change-me-owner';
CREATE ROLE skolportalen_app LOGIN PASSWORD 'change-me-app';
CREATE DATABASE skolportalen OWNER skolportalen_owner;
REVOKE ALL ON DATABASE skolportalen FROM PUBLIC;
GRANT CONNECT ON DATABASE skolportalen TO skolportalen_app;

-- Part 2, connected to skolportalen as skolportalen_owner.
-- PostgreSQL 15 and newer already keep PUBLIC from creating in public; older ones need this.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO skolportalen_app;
-- Everything the owner creates from now on (the portal's tables, the job
-- queue's schema "pgboss" and its tables) the portal may use, not alter.
ALTER DEFAULT PRIVILEGES FOR ROLE skolportalen_owner GRANT USAGE ON SCHEMAS TO skolportalen_app;
ALTER DEFAULT PRIVILEGES FOR ROLE skolportalen_owner
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO skolportalen_app;
ALTER DEFAULT PRIVILEGES FOR ROLE skolportalen_owner
  GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO skolportalen_app;
