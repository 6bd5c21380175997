import { TextInput } from 'react-admin';
import { required, rupees } from '../../../domain/validation';

/** An amount typed as text and checked as rupees above zero with at most two decimals; send it as Number(value). */
export const RupeesInput = ({ source = 'amount', label }: { source?: string; label: string }) => (
  <TextInput
    source={source}
    label={label}
    validate={[required(label), rupees(label)]}
    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    fullWidth
  />
);
