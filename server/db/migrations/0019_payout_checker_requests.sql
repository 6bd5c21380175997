-- The pay-outs' waiting maker requests move to checker_requests (server/services/four-eyes.ts)
-- before their columns go: the action as the mechanism names it, the maker as the user it was
-- (its role from users; OPERATIONS, as the checks assumed, for a user no longer there), what it
-- typed (nothing for a reversal) and when. A request without its maker cannot be checked against
-- anyone and is not copied: the next call is a new maker's.
INSERT INTO "checker_requests" (entity, entity_id, action, maker_id, maker_name, maker_role, details, asked_at)
SELECT 'payouts', p.id, 'payout.' || p.pending_action, p.pending_by,
       coalesce(p.pending_by_name, u.user_name, 'Another user'), coalesce(u.role, 'OPERATIONS'),
       coalesce(p.pending_details, '{}'::jsonb), coalesce(p.pending_at, p.updated_at)
  FROM payouts p LEFT JOIN users u ON u.id = p.pending_by
 WHERE p.pending_action IS NOT NULL AND p.pending_by IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "payouts" DROP COLUMN "pending_action";--> statement-breakpoint
ALTER TABLE "payouts" DROP COLUMN "pending_by";--> statement-breakpoint
ALTER TABLE "payouts" DROP COLUMN "pending_by_name";--> statement-breakpoint
ALTER TABLE "payouts" DROP COLUMN "pending_at";--> statement-breakpoint
ALTER TABLE "payouts" DROP COLUMN "pending_details";
