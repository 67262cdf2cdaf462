ALTER TABLE "users" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_by_import" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "leavers" text DEFAULT 'disable' NOT NULL;