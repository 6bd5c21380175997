import { FormDataConsumer, TextInput, useTranslate } from 'react-admin';
import { ACCOUNT_NUMBER_FORMAT, IFSC_FORMAT } from '../../../domain/formats';
import { ACCOUNT_HOLDER_FORMAT } from '../../../domain/payout';
import {
  REQUIRED_BY_METHOD,
  WALLET_ADDRESS_FORMAT,
  WALLET_FORMAT,
  type Destination,
  type VendorSettlementMethod,
} from '../../../domain/settlement';
import { matches, required, type TextFormat } from '../../../domain/validation';
import type { DestinationBody } from './types';

type Key = keyof Destination;

const FORMATS: Record<Key, TextFormat> = {
  accountHolder: ACCOUNT_HOLDER_FORMAT,
  accountNumber: ACCOUNT_NUMBER_FORMAT,
  ifsc: IFSC_FORMAT,
  wallet: WALLET_FORMAT,
  walletAddress: WALLET_ADDRESS_FORMAT,
};

const NORMAL: Partial<Record<Key, (value: string) => string>> = {
  accountHolder: (value) => value.replace(/\s+/g, ' '),
  ifsc: (value) => value.toUpperCase(),
};

/** The destination fields the method chosen needs (REQUIRED_BY_METHOD), each required, in the form's order. */
export const DestinationInputs = ({ prefix }: { prefix: string }) => {
  const translate = useTranslate();
  return (
    <FormDataConsumer>
      {({ formData }) =>
        (REQUIRED_BY_METHOD[formData.method as VendorSettlementMethod] ?? []).map((key) => {
          const label = translate(`${prefix}.${key}`);
          return (
            <TextInput
              key={key}
              source={key}
              label={label}
              validate={[required(label), matches(label, FORMATS[key])]}
              fullWidth
            />
          );
        })
      }
    </FormDataConsumer>
  );
};

/** The body's destination: exactly the fields the method needs, trimmed. */
export const destinationOf = (method: VendorSettlementMethod, values: Record<string, unknown>): DestinationBody =>
  Object.fromEntries(
    REQUIRED_BY_METHOD[method].map((key) => {
      const value = String(values[key] ?? '').trim();
      return [key, NORMAL[key]?.(value) ?? value];
    }),
  );
