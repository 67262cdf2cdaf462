-- Single sign-on finds the account by uid in any letter case (identity/sso-account.ts):
-- without an index on lower(uid) every SAML and OIDC sign-in read every account.
CREATE INDEX "users_uid_lower_idx" ON "users" USING btree (lower("uid"));