CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nickname" text NOT NULL,
	"bank_name" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"upi_id" text,
	"used_for" text NOT NULL,
	"show_qr" boolean DEFAULT true NOT NULL,
	"show_bank_details" boolean DEFAULT true NOT NULL,
	"min_payin" bigint NOT NULL,
	"max_payin" bigint NOT NULL,
	"daily_limit" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"vendor_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_nickname_unique" UNIQUE("nickname")
);
--> statement-breakpoint
CREATE TABLE "merchant_bank_accounts" (
	"merchant_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_bank_accounts_merchant_id_bank_account_id_pk" PRIMARY KEY("merchant_id","bank_account_id")
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_bank_accounts" ADD CONSTRAINT "merchant_bank_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_bank_accounts" ADD CONSTRAINT "merchant_bank_accounts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_vendor_idx" ON "bank_accounts" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_accounts_used_for_idx" ON "bank_accounts" USING btree ("used_for","created_at");--> statement-breakpoint
CREATE INDEX "bank_accounts_created_at_idx" ON "bank_accounts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "merchant_bank_accounts_bank_idx" ON "merchant_bank_accounts" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "users_vendor_code_idx" ON "users" USING btree ("vendor_code");--> statement-breakpoint
CREATE INDEX "users_merchant_codes_idx" ON "users" USING gin ("merchant_codes");--> statement-breakpoint
CREATE INDEX "vendors_created_at_idx" ON "vendors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vendors_name_idx" ON "vendors" USING btree ("name");