CREATE TABLE "saml_logout_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "saml_logout_requests_expires_idx" ON "saml_logout_requests" USING btree ("expires_at");