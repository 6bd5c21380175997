CREATE TABLE "payout_provider_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"client_ref_id" text NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"tx_status" integer,
	"tid" text,
	"message" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_state" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_tid" text;--> statement-breakpoint
ALTER TABLE "payout_provider_calls" ADD CONSTRAINT "payout_provider_calls_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_provider_calls_payout_idx" ON "payout_provider_calls" USING btree ("payout_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_ref_idx" ON "payouts" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "payouts_provider_waiting_idx" ON "payouts" USING btree ("provider_sent_at") WHERE "payouts"."provider_state" IS NOT NULL;