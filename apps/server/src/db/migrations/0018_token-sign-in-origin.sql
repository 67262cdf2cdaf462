ALTER TABLE "tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "address" text;