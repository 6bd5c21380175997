import { MenuItem, TextField } from '@mui/material';
import { BooleanInput, useInput, useTranslate } from 'react-admin';
import { canDo } from '../../../domain/access';
import { PROVIDER_LABEL, PROVIDERS } from '../../../domain/providers';
import type { Role } from '../../../domain/roles';
import { useSession } from '../../session/SessionProvider';

/** Whether a merchant's customers may pay through a provider is set by whoever sets up the providers (ADMIN). */
export const setsMerchantIntent = (role: Role | null): boolean => role !== null && canDo(role, 'providers', 'update');

const ANY = 'any';

/** The provider offered: Any configured (null) or one of them. */
const IntentProviderInput = () => {
  const translate = useTranslate();
  const { field } = useInput({ source: 'intentProvider' });
  return (
    <TextField
      select
      label={translate('resources.merchant.fields.intentProvider')}
      value={field.value || ANY}
      onChange={(event) => field.onChange(event.target.value === ANY ? null : event.target.value)}
      onBlur={field.onBlur}
      helperText={translate('resources.merchant.hints.intentProvider')}
      size="small"
      margin="dense"
    >
      <MenuItem value={ANY}>{translate('resources.merchant.any_provider')}</MenuItem>
      {PROVIDERS.map((id) => (
        <MenuItem key={id} value={id}>
          {PROVIDER_LABEL[id]}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** Allow Intent and the provider offered (any configured one, or one chosen); nothing for other roles. */
export const IntentInputs = () => {
  const translate = useTranslate();
  const { role } = useSession();
  if (!setsMerchantIntent(role)) return null;
  return (
    <>
      <BooleanInput source="allowIntent" helperText={translate('resources.merchant.hints.allowIntent')} />
      <IntentProviderInput />
    </>
  );
};
