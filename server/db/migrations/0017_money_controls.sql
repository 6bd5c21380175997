CREATE TABLE "confirmation_uses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" text,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utr_uses" (
	"utr" text PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_given_by" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "confirmation_uses_used_idx" ON "confirmation_uses" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "utr_uses_entity_idx" ON "utr_uses" USING btree ("entity_id");--> statement-breakpoint
-- The UTRs already used, first use first; a UTR used twice before this table stays with its first
-- user, and the reconciliation lists the others.
INSERT INTO "utr_uses" (utr, entity, entity_id, created_at)
SELECT utr, entity, entity_id, at FROM (
  SELECT coalesce(utr, submitted_utr) AS utr, 'payins' AS entity, id AS entity_id, coalesce(completed_at, updated_at) AS at
    FROM payins WHERE status = 'SUCCESS' AND NOT test AND coalesce(utr, submitted_utr) IS NOT NULL
  UNION ALL
  SELECT utr, 'payouts', id, coalesce(completed_at, updated_at) FROM payouts
    WHERE status IN ('SUCCESS', 'REVERSED') AND utr IS NOT NULL AND NOT test
  UNION ALL
  SELECT reference, 'settlements', id, coalesce(completed_at, updated_at) FROM settlements
    WHERE status = 'SUCCESS' AND method = 'BANK' AND reference IS NOT NULL
  UNION ALL
  SELECT reference, 'vendor-settlements', id, coalesce(completed_at, updated_at) FROM vendor_settlements
    WHERE status = 'SUCCESS' AND method IN ('BANK', 'INTERNAL_BANK_TRANSFER', 'INTERNAL_QR_TRANSFER') AND reference IS NOT NULL
) used ORDER BY at
ON CONFLICT (utr) DO NOTHING;--> statement-breakpoint
-- Who gave each user its access so far: its creator, and whoever reset its password or changed it.
UPDATE "users" u SET access_given_by = coalesce((
  SELECT array_agg(DISTINCT g) FROM (
    SELECT u.created_by AS g WHERE u.created_by IS NOT NULL
    UNION
    SELECT a.actor_id FROM audit_events a
     WHERE a.entity = 'users' AND a.entity_id = u.id::text AND a.action IN ('reset-password', 'update')
       AND a.actor_id IS NOT NULL AND a.actor_id <> u.id
  ) givers), '{}');
