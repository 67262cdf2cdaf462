CREATE TABLE "oidc_logout_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_sessions" (
	"token_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"session_id" text,
	"id_token" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_sign_in_requests" (
	"state" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oidc_sessions" ADD CONSTRAINT "oidc_sessions_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_logout_tokens_expires_idx" ON "oidc_logout_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oidc_sessions_provider_sid_idx" ON "oidc_sessions" USING btree ("provider","session_id");--> statement-breakpoint
CREATE INDEX "oidc_sessions_provider_sub_idx" ON "oidc_sessions" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "oidc_sign_in_requests_expires_idx" ON "oidc_sign_in_requests" USING btree ("expires_at");