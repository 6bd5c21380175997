CREATE TABLE "money_rollups" (
	"party" text NOT NULL,
	"span" text NOT NULL,
	"at" timestamp NOT NULL,
	"payin_count" integer DEFAULT 0 NOT NULL,
	"payin_amount" bigint DEFAULT 0 NOT NULL,
	"payin_fee" bigint DEFAULT 0 NOT NULL,
	"payout_count" integer DEFAULT 0 NOT NULL,
	"payout_amount" bigint DEFAULT 0 NOT NULL,
	"payout_fee" bigint DEFAULT 0 NOT NULL,
	"reversed_count" integer DEFAULT 0 NOT NULL,
	"reversed_amount" bigint DEFAULT 0 NOT NULL,
	"reversed_fee" bigint DEFAULT 0 NOT NULL,
	"settlement_count" integer DEFAULT 0 NOT NULL,
	"settlement_amount" bigint DEFAULT 0 NOT NULL,
	"chargeback_count" integer DEFAULT 0 NOT NULL,
	"chargeback_amount" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"collected_count" integer DEFAULT 0 NOT NULL,
	"collected_amount" bigint DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"succeeded_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "money_rollups_party_span_at_pk" PRIMARY KEY("party","span","at")
);
--> statement-breakpoint
CREATE TABLE "payin_speeds" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"counts" integer[] NOT NULL,
	CONSTRAINT "payin_speeds_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
CREATE TABLE "rollup_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"rebuild_after" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
-- The rollups are built from the ledger, the bank entries and the pay-ins at the next start (server/services/rollups.ts).
INSERT INTO "rollup_state" ("id") VALUES (1);
--> statement-breakpoint
-- History imported as of its own time (the demo's past days, a migration from another console): only
-- the time of a journal or entry may move, and only in a transaction that says it imports history.
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('ledger.import_history', true) = 'on'
     AND to_jsonb(NEW) - 'created_at' = to_jsonb(OLD) - 'created_at' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger entries are never changed or removed; post a reversing journal instead';
END $$;
