CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"caches_balance" boolean DEFAULT true NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"reverses_id" bigint,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_journals_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"merchant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_code" text NOT NULL,
	"merchant_order_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount" bigint,
	"amount_fixed" boolean DEFAULT false NOT NULL,
	"confirmed_amount" bigint,
	"fee" bigint,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"reason" text,
	"short_code" text NOT NULL,
	"bank_account_id" uuid,
	"submitted_utr" text,
	"utr" text,
	"bank_entry_id" uuid,
	"screenshot_path" text,
	"screenshot_type" text,
	"source" text DEFAULT 'Manual' NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"return_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"assigned_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payins_amount_positive" CHECK ("payins"."amount" IS NULL OR "payins"."amount" > 0),
	CONSTRAINT "payins_confirmed_positive" CHECK ("payins"."confirmed_amount" IS NULL OR "payins"."confirmed_amount" > 0),
	CONSTRAINT "payins_fee_not_negative" CHECK ("payins"."fee" IS NULL OR "payins"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bank_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"utr" text NOT NULL,
	"amount" bigint NOT NULL,
	"amount_code" text,
	"source" text DEFAULT 'Manual' NOT NULL,
	"payin_id" uuid,
	"used_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_entries_utr_unique" UNIQUE("utr"),
	CONSTRAINT "bank_entries_amount_positive" CHECK ("bank_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "callback_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"callback_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_status_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_reverses_id_ledger_journals_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payins" ADD CONSTRAINT "payins_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payins" ADD CONSTRAINT "payins_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_callback_id_callbacks_id_fk" FOREIGN KEY ("callback_id") REFERENCES "public"."callbacks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_journal_idx" ON "ledger_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_journals_entity_idx" ON "ledger_journals" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_reverses_idx" ON "ledger_journals" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_pk" ON "idempotency_keys" USING btree ("merchant_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payins_merchant_order_idx" ON "payins" USING btree ("merchant_id","merchant_order_id");--> statement-breakpoint
CREATE INDEX "payins_created_idx" ON "payins" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payins_status_created_idx" ON "payins" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payins_merchant_status_created_idx" ON "payins" USING btree ("merchant_code","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payins_merchant_created_idx" ON "payins" USING btree ("merchant_code","created_at","id");--> statement-breakpoint
CREATE INDEX "payins_bank_created_idx" ON "payins" USING btree ("bank_account_id","created_at");--> statement-breakpoint
CREATE INDEX "payins_submitted_utr_idx" ON "payins" USING btree ("submitted_utr");--> statement-breakpoint
CREATE INDEX "payins_utr_idx" ON "payins" USING btree ("utr");--> statement-breakpoint
CREATE INDEX "payins_customer_idx" ON "payins" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payins_merchant_order_id_idx" ON "payins" USING btree ("merchant_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payins_open_short_code_idx" ON "payins" USING btree ("short_code") WHERE "payins"."status" IN ('INITIATED', 'ASSIGNED', 'PENDING', 'IMG_PENDING');--> statement-breakpoint
CREATE INDEX "payins_open_created_idx" ON "payins" USING btree ("created_at","id") WHERE "payins"."status" IN ('INITIATED', 'ASSIGNED', 'PENDING', 'IMG_PENDING');--> statement-breakpoint
CREATE INDEX "payins_expiring_idx" ON "payins" USING btree ("expires_at") WHERE "payins"."status" IN ('INITIATED', 'ASSIGNED');--> statement-breakpoint
CREATE INDEX "bank_entries_created_idx" ON "bank_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bank_entries_bank_created_idx" ON "bank_entries" USING btree ("bank_account_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_entries_payin_idx" ON "bank_entries" USING btree ("payin_id");--> statement-breakpoint
CREATE INDEX "bank_entries_free_code_idx" ON "bank_entries" USING btree ("amount_code") WHERE "bank_entries"."payin_id" IS NULL AND "bank_entries"."amount_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "callback_attempts_callback_idx" ON "callback_attempts" USING btree ("callback_id","attempted_at");--> statement-breakpoint
CREATE INDEX "callbacks_due_idx" ON "callbacks" USING btree ("next_attempt_at") WHERE "callbacks"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "callbacks_entity_idx" ON "callbacks" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
-- Ledger entries are appended only: a correction is a new journal (DESIGN §3).
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or removed; post a reversing journal instead';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_journals_append_only BEFORE UPDATE OR DELETE ON "ledger_journals"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- Every journal sums to zero, checked when its transaction commits, whatever code wrote it.
CREATE FUNCTION ledger_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total numeric;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM ledger_entries WHERE journal_id = NEW.journal_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal % does not balance: its entries sum to % paise', NEW.journal_id, total;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_journal_balanced AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_journal_balanced();
--> statement-breakpoint
-- Callback signing secrets follow Standard Webhooks: whsec_ and standard base64.
UPDATE "merchants" SET "signing_secret" = 'whsec_' || translate("signing_secret", '-_', '+/') || repeat('=', (4 - length("signing_secret") % 4) % 4)
  WHERE "signing_secret" NOT LIKE 'whsec\_%';
