-- Personal access tokens (docs/product.md §D4, ADR 0052): a named, revocable credential for an
-- integration that acts as its owner. Only a SHA-256 hash of the secret is stored, as for sessions.
CREATE TABLE IF NOT EXISTS "access_tokens" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "token_hash" text NOT NULL,
  "scope" text NOT NULL CHECK ("scope" IN ('read', 'write')),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "expires_at" timestamp with time zone NOT NULL,
  "last_used_at" timestamp with time zone,
  "revoked_at" timestamp with time zone
);
CREATE UNIQUE INDEX IF NOT EXISTS "access_tokens_token_uq" ON "access_tokens" ("token_hash");
CREATE INDEX IF NOT EXISTS "access_tokens_user_idx" ON "access_tokens" ("user_id");
