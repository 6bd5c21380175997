ALTER TABLE "payins" ADD COLUMN "vendor_commission" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "vendor_commission" bigint DEFAULT 0 NOT NULL;