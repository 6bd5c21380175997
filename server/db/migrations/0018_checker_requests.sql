CREATE TABLE "checker_requests" (
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"maker_id" uuid NOT NULL,
	"maker_name" text NOT NULL,
	"maker_role" "role" NOT NULL,
	"details" jsonb NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checker_requests_entity_entity_id_pk" PRIMARY KEY("entity","entity_id")
);
