CREATE TABLE "ledger_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"journal_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_key_unique" UNIQUE("key"),
	CONSTRAINT "ledger_holds_amount_positive" CHECK ("ledger_holds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_code" text NOT NULL,
	"merchant_order_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"reason" text,
	"account_holder" text,
	"account_number" text,
	"ifsc" text,
	"bank_name" text,
	"upi_id" text,
	"vendor_code" text,
	"method" text,
	"bank_account_id" uuid,
	"utr" text,
	"test" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"pending_action" text,
	"pending_by" uuid,
	"pending_by_name" text,
	"pending_at" timestamp with time zone,
	"pending_details" jsonb,
	"created_by" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_fee_not_negative" CHECK ("payouts"."fee" >= 0),
	CONSTRAINT "payouts_beneficiary" CHECK (("payouts"."account_number" IS NOT NULL AND "payouts"."ifsc" IS NOT NULL AND "payouts"."account_holder" IS NOT NULL) OR "payouts"."upi_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_holds_entity_idx" ON "ledger_holds" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_merchant_order_idx" ON "payouts" USING btree ("merchant_id","merchant_order_id");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_status_created_idx" ON "payouts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_merchant_status_created_idx" ON "payouts" USING btree ("merchant_code","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_merchant_created_idx" ON "payouts" USING btree ("merchant_code","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_vendor_status_created_idx" ON "payouts" USING btree ("vendor_code","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_utr_idx" ON "payouts" USING btree ("utr");--> statement-breakpoint
CREATE INDEX "payouts_merchant_order_id_idx" ON "payouts" USING btree ("merchant_order_id");--> statement-breakpoint
CREATE INDEX "payouts_account_number_idx" ON "payouts" USING btree ("account_number");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_held_not_negative" CHECK ("ledger_accounts"."held" >= 0);--> statement-breakpoint
-- A hold is resolved once: its account, amount and key never change, a POSTED or VOIDED hold stays
-- so, and none is removed (issue 11; reference §2, two-phase transfers).
CREATE FUNCTION ledger_holds_resolved_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger holds are never removed; void one instead';
  END IF;
  IF OLD.state <> 'PENDING' OR NEW.key <> OLD.key OR NEW.account_id <> OLD.account_id OR NEW.amount <> OLD.amount
     OR NEW.entity <> OLD.entity OR NEW.entity_id <> OLD.entity_id THEN
    RAISE EXCEPTION 'hold % is resolved once: only a PENDING hold moves, to POSTED or VOIDED', OLD.key;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_holds_resolved_once BEFORE UPDATE OR DELETE ON "ledger_holds"
  FOR EACH ROW EXECUTE FUNCTION ledger_holds_resolved_once();
