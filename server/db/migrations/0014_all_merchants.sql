CREATE TABLE "rollup_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
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
	"succeeded_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "speed_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"bin" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- The history so far: the all-merchants totals are the sums of every merchant's rows, and the
-- all-merchants histogram (merchant id of zeros) the sum of theirs.
INSERT INTO "money_rollups" (party, span, at, payin_count, payin_amount, payin_fee, payout_count, payout_amount, payout_fee, reversed_count, reversed_amount, reversed_fee, settlement_count, settlement_amount, chargeback_count, chargeback_amount, commission, balance, collected_count, collected_amount, created_count, succeeded_count)
SELECT CASE WHEN party LIKE 'merchant:%' THEN 'all:merchants' ELSE 'all:payins' END, span, at, sum(payin_count), sum(payin_amount), sum(payin_fee), sum(payout_count), sum(payout_amount), sum(payout_fee), sum(reversed_count), sum(reversed_amount), sum(reversed_fee), sum(settlement_count), sum(settlement_amount), sum(chargeback_count), sum(chargeback_amount), sum(commission), sum(balance), sum(collected_count), sum(collected_amount), sum(created_count), sum(succeeded_count)
FROM "money_rollups" WHERE party LIKE 'merchant:%' OR party LIKE 'payins:%' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "payin_speeds" (merchant_id, day, counts)
SELECT '00000000-0000-0000-0000-000000000000', day, array_agg(n ORDER BY i)
FROM (SELECT day, u.i, sum(u.c)::int AS n FROM "payin_speeds", unnest(counts) WITH ORDINALITY AS u(c, i) GROUP BY 1, 2) x
GROUP BY day;
