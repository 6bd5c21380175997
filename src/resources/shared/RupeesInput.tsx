import { TextInput } from 'react-admin';
import { required, rupees, type Check } from '../../../domain/validation';

/** An amount typed as text and checked as rupees above zero with at most two decimals; send it as Number(value). */
export const RupeesInput = ({
  source = 'amount',
  label,
  limit,
}: {
  source?: string;
  label: string;
  /** A further check (a maximum). */
  limit?: Check;
}) => (
  <TextInput
    source={source}
    label={label}
    validate={limit ? [required(label), rupees(label), limit] : [required(label), rupees(label)]}
    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    fullWidth
  />
);
