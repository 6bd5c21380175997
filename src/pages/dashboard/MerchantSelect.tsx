import { lazy, Suspense, useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MerchantChoice } from './MerchantAutocomplete';
import { MERCHANT_FIELD_SX, merchantFieldText } from './merchantField';

const load = () => import('./MerchantAutocomplete');
const MerchantAutocomplete = lazy(() => load().then((m) => ({ default: m.MerchantAutocomplete })));

/**
 * The Dashboard's merchant filter. Its autocomplete (MUI's, with its chips and list: about 11 kB
 * gzip) loads when the user first reaches for the field, not with the Dashboard (issue 33, part
 * 2): until then the field shows the codes chosen, or "All merchants", as the autocomplete will.
 * A pointer over it starts the download; a click or a key opens the list once it is there.
 */
export const MerchantSelect = (props: MerchantChoice) => {
  const translate = useTranslate();
  const [wanted, setWanted] = useState<'pointer' | 'focus' | null>(null);
  const { value } = props;
  const field = (
    <TextField
      size="small"
      {...merchantFieldText(translate, value)}
      value={value.join(', ')}
      sx={MERCHANT_FIELD_SX}
      onPointerEnter={() => void load()}
      onMouseDown={() => setWanted('pointer')}
      onFocus={() => setWanted((before) => before ?? 'focus')}
      onKeyDown={(event) => event.key !== 'Tab' && setWanted('pointer')}
      slotProps={{
        htmlInput: { role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list', readOnly: true },
      }}
    />
  );
  if (!wanted) return field;
  return (
    <Suspense fallback={field}>
      <MerchantAutocomplete {...props} opened={wanted === 'pointer'} />
    </Suspense>
  );
};
