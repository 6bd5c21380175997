ALTER TABLE "bank_entries" ADD COLUMN "vendor_code" text;--> statement-breakpoint
UPDATE "bank_entries" e SET vendor_code = v.code
  FROM "bank_accounts" b JOIN "vendors" v ON v.id = b.vendor_id WHERE b.id = e.bank_account_id;--> statement-breakpoint
-- The same rule as a pay-in's (migration 0015): the vendor of the credit's bank account.
CREATE TRIGGER bank_entries_vendor_of_account BEFORE INSERT OR UPDATE OF bank_account_id, vendor_code ON "bank_entries"
  FOR EACH ROW EXECUTE FUNCTION payins_vendor_of_account();--> statement-breakpoint
CREATE OR REPLACE FUNCTION bank_account_vendor_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Naming the column is enough: the rows' own triggers read the account's vendor again.
  UPDATE payins SET vendor_code = NULL WHERE bank_account_id = NEW.id;
  UPDATE bank_entries SET vendor_code = NULL WHERE bank_account_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE INDEX "bank_entries_vendor_created_idx" ON "bank_entries" USING btree ("vendor_code","created_at","id");
