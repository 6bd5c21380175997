ALTER TABLE "payins" ADD COLUMN "vendor_code" text;--> statement-breakpoint
-- The vendor of a pay-in is the vendor of its bank account, now and whenever the account moves.
UPDATE "payins" p SET vendor_code = v.code
  FROM "bank_accounts" b JOIN "vendors" v ON v.id = b.vendor_id WHERE b.id = p.bank_account_id;--> statement-breakpoint
CREATE FUNCTION payins_vendor_of_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.vendor_code := (SELECT v.code FROM bank_accounts b JOIN vendors v ON v.id = b.vendor_id
    WHERE b.id = NEW.bank_account_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER payins_vendor_of_account BEFORE INSERT OR UPDATE OF bank_account_id, vendor_code ON "payins"
  FOR EACH ROW EXECUTE FUNCTION payins_vendor_of_account();--> statement-breakpoint
CREATE FUNCTION bank_account_vendor_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Naming the column is enough: the pay-ins' own trigger reads the account's vendor again.
  UPDATE payins SET vendor_code = NULL WHERE bank_account_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bank_account_vendor_moved AFTER UPDATE OF vendor_id ON "bank_accounts"
  FOR EACH ROW WHEN (OLD.vendor_id IS DISTINCT FROM NEW.vendor_id) EXECUTE FUNCTION bank_account_vendor_moved();--> statement-breakpoint
CREATE INDEX "payins_vendor_created_idx" ON "payins" USING btree ("vendor_code","created_at","id");--> statement-breakpoint
CREATE INDEX "payins_vendor_status_created_idx" ON "payins" USING btree ("vendor_code","status","created_at","id");
