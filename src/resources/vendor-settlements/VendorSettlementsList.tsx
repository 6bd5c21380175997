import { useMemo } from 'react';
import { useVendorChoices } from '../bank-accounts/useVendorChoices';
import { settlementFilters } from '../settlements/SettlementFilters';
import { SettlementList } from '../settlements/SettlementList';
import { VENDOR_SETTLEMENTS } from './kind';
import { NewVendorSettlementButton } from './NewVendorSettlementButton';
import { VendorBalance } from './VendorBalance';
import { VendorCodesInput } from './VendorCodesInput';

/**
 * /app/vendorsettlements: squaring up with the vendors, with who owes whom above the rows.
 * Staff filter by vendor; a vendor's users see their own vendor's rows only (the server scopes them).
 */
export const VendorSettlementsList = () => {
  const { enabled: choosesVendors } = useVendorChoices();
  const filters = useMemo(
    () => settlementFilters(VENDOR_SETTLEMENTS, choosesVendors ? [<VendorCodesInput source="vendorCode" />] : []),
    [choosesVendors],
  );
  return (
    <SettlementList
      kind={VENDOR_SETTLEMENTS}
      filters={filters}
      create={<NewVendorSettlementButton />}
      banner={<VendorBalance />}
    />
  );
};
