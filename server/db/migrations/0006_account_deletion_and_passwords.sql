ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD COLUMN "timezone" text;--> statement-breakpoint
-- A social sign-up gave its account a random password nobody knows. The account's row and its link
-- were written in one transaction, so both carry its start time; unless a mailed reset link has set a
-- password since, such an account has none.
UPDATE "users" SET "password_hash" = NULL
WHERE EXISTS (
  SELECT 1 FROM "user_external_auths" "link"
  WHERE "link"."user_id" = "users"."id" AND "link"."created_at" = "users"."created_at"
) AND NOT EXISTS (
  SELECT 1 FROM "password_resets" "reset"
  WHERE "reset"."user_id" = "users"."id" AND "reset"."used_at" IS NOT NULL
);--> statement-breakpoint
-- Accounts deleted before deletion freed them give up their linked networks, e-mail and app id, as
-- deleting does now (DELETE /user), so the same person can sign up again.
DELETE FROM "user_external_auths" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "status" = 0);--> statement-breakpoint
UPDATE "users" SET
  "email" = CASE WHEN "email" IS NULL THEN NULL ELSE 'deleted#' || "id" END,
  "app_id" = CASE WHEN "app_id" IS NULL THEN NULL ELSE 'deleted#' || "id" END
WHERE "status" = 0;
