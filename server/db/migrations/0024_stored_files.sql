CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size" CHECK ("stored_files"."size" = octet_length("stored_files"."content") AND "stored_files"."size" BETWEEN 1 AND 5242880)
);
--> statement-breakpoint
CREATE INDEX "outbox_messages_kind_created" ON "outbox_messages" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_owner" ON "stored_files" USING btree ("kind","owner_id");--> statement-breakpoint
-- Screenshots are PNG or JPEG, compressed already: kept out of line uncompressed, so that a file is
-- read in slices (substring) without decompressing all of it.
ALTER TABLE "stored_files" ALTER COLUMN "content" SET STORAGE EXTERNAL;
