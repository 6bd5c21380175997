CREATE TABLE "provider_accounts" (
	"provider" text PRIMARY KEY NOT NULL,
	"key_id" text,
	"key_secret" text,
	"webhook_secret" text,
	"api_base" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text,
	"event_type" text,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"payin_id" uuid,
	"payment_id" text,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"applied_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "allow_intent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "intent_provider" text;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "provider_order_id" text;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "provider_handoff" jsonb;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_event_idx" ON "provider_events" USING btree ("provider","event_id") WHERE "provider_events"."verified" AND "provider_events"."event_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_events_received_idx" ON "provider_events" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "provider_events_payin_idx" ON "provider_events" USING btree ("payin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payins_provider_order_idx" ON "payins" USING btree ("source","provider_order_id") WHERE "payins"."provider_order_id" IS NOT NULL;