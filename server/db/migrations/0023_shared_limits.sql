-- Unlogged by hand (the schema cannot say it): counters need no WAL and may restart after a crash.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_locked_until" timestamp with time zone;