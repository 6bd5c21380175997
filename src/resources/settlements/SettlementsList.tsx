import { useMemo } from 'react';
import { CheckboxFilterInput, MerchantCodesInput } from '../payins/FilterInputs';
import { MERCHANT_SETTLEMENTS } from './kind';
import { MerchantBalances } from './MerchantBalances';
import { NewSettlementButton } from './NewSettlementButton';
import { settlementFilters } from './SettlementFilters';
import { SettlementList } from './SettlementList';

/**
 * /app/settlements: what the gateway pays merchants; filtered by merchant codes and their
 * sub-merchants, with the merchants' balances above the rows.
 */
export const SettlementsList = () => {
  const filters = useMemo(
    () =>
      settlementFilters(MERCHANT_SETTLEMENTS, [
        <MerchantCodesInput source="merchantCode" />,
        <CheckboxFilterInput source="includeSubMerchants" />,
      ]),
    [],
  );
  return (
    <SettlementList
      kind={MERCHANT_SETTLEMENTS}
      filters={filters}
      create={<NewSettlementButton />}
      banner={<MerchantBalances />}
    />
  );
};
