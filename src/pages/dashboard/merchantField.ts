import type { useTranslate } from 'react-admin';

/**
 * What the Dashboard's merchant field shows, the same before its autocomplete has loaded
 * (MerchantSelect) and after (MerchantAutocomplete): its label, "All merchants" when none is chosen,
 * and its width. A module of its own, so that MerchantSelect does not load the autocomplete's.
 */
export const merchantFieldText = (translate: ReturnType<typeof useTranslate>, chosen: readonly string[]) => ({
  label: translate('app.boards.merchant'),
  placeholder: chosen.length === 0 ? translate('app.boards.all_merchants') : undefined,
});
export const MERCHANT_FIELD_SX = { minWidth: 260, maxWidth: 480 };
