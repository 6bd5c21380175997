CREATE TABLE "auth_guards" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_user_name_unique";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recovery_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "suspended_by" uuid;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "suspended_by_role" "role";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
-- Retire all but the newest live reset token of each user before one live token per user is enforced.
UPDATE "password_reset_tokens" t SET "used_at" = now() WHERE "used_at" IS NULL AND EXISTS (SELECT 1 FROM "password_reset_tokens" n WHERE n."user_id" = t."user_id" AND n."used_at" IS NULL AND (n."created_at", n."id") > (t."created_at", t."id"));--> statement-breakpoint
-- Accounts that existed before maker-checker stay in service: their creator stands as approver.
UPDATE "bank_accounts" SET "approved_at" = "created_at", "approved_by" = "created_by";--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_live_idx" ON "password_reset_tokens" USING btree ("user_id") WHERE "password_reset_tokens"."used_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_idx" ON "users" USING btree (lower("user_name"));