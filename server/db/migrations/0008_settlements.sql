CREATE TABLE "liens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_code" text NOT NULL,
	"payin_id" uuid NOT NULL,
	"merchant_order_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liens_amount_positive" CHECK ("liens"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"account_holder" text,
	"account_number" text,
	"ifsc" text,
	"wallet" text,
	"wallet_address" text,
	"reference" text,
	"reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_by_name" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_code" text NOT NULL,
	"method" text NOT NULL,
	CONSTRAINT "settlements_amount_positive" CHECK ("settlements"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"account_holder" text,
	"account_number" text,
	"ifsc" text,
	"wallet" text,
	"wallet_address" text,
	"reference" text,
	"reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_by_name" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"vendor_code" text NOT NULL,
	"method" text NOT NULL,
	"bank_entry_id" uuid,
	CONSTRAINT "vendor_settlements_amount_positive" CHECK ("vendor_settlements"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_entries" ADD COLUMN "vendor_settlement_id" uuid;--> statement-breakpoint
ALTER TABLE "liens" ADD CONSTRAINT "liens_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liens" ADD CONSTRAINT "liens_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_settlements" ADD CONSTRAINT "vendor_settlements_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "liens_payin_idx" ON "liens" USING btree ("payin_id");--> statement-breakpoint
CREATE INDEX "liens_created_idx" ON "liens" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "liens_merchant_created_idx" ON "liens" USING btree ("merchant_code","created_at","id");--> statement-breakpoint
CREATE INDEX "liens_merchant_order_idx" ON "liens" USING btree ("merchant_order_id");--> statement-breakpoint
CREATE INDEX "liens_customer_idx" ON "liens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "settlements_created_idx" ON "settlements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "settlements_merchant_created_idx" ON "settlements" USING btree ("merchant_code","created_at","id");--> statement-breakpoint
CREATE INDEX "settlements_status_created_idx" ON "settlements" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "settlements_merchant_idx" ON "settlements" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "vendor_settlements_created_idx" ON "vendor_settlements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_settlements_vendor_created_idx" ON "vendor_settlements" USING btree ("vendor_code","created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_settlements_status_created_idx" ON "vendor_settlements" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_settlements_entry_idx" ON "vendor_settlements" USING btree ("bank_entry_id");--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_one_use" CHECK ("bank_entries"."payin_id" IS NULL OR "bank_entries"."vendor_settlement_id" IS NULL);