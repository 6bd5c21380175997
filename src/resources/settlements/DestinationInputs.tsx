import { FormDataConsumer, TextInput, useTranslate } from 'react-admin';
import { ACCOUNT_NUMBER_FORMAT, IFSC_FORMAT } from '../../../domain/formats';
import { ACCOUNT_HOLDER_FORMAT } from '../../../domain/payout';
import {
  DESTINATION_FROM_UTR,
  REQUIRED_BY_METHOD,
  WALLET_ADDRESS_FORMAT,
  WALLET_FORMAT,
  type Destination,
  type VendorSettlementMethod,
} from '../../../domain/settlement';
import { isBlank, matches, required, type Check, type TextFormat } from '../../../domain/validation';
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

/** Required once another field of the same destination is given (a destination the UTR may name instead). */
const requiredWithOthers =
  (label: string, keys: readonly Key[]): Check =>
  (value, values = {}) =>
    isBlank(value) && keys.some((k) => !isBlank(values[k])) ? required(label)(value) : undefined;

/**
 * The destination fields the method chosen needs (REQUIRED_BY_METHOD), each required, in the form's
 * order; for an internal bank transfer all of them or none (the UTR's credit names the account).
 */
export const DestinationInputs = ({ prefix }: { prefix: string }) => {
  const translate = useTranslate();
  return (
    <FormDataConsumer>
      {({ formData }) => {
        const method = formData.method as VendorSettlementMethod;
        const keys = REQUIRED_BY_METHOD[method] ?? [];
        const fromUtr = DESTINATION_FROM_UTR.includes(method);
        return keys.map((key, index) => {
          const label = translate(`${prefix}.${key}`);
          return (
            <TextInput
              key={key}
              source={key}
              label={label}
              validate={[fromUtr ? requiredWithOthers(label, keys) : required(label), matches(label, FORMATS[key])]}
              helperText={fromUtr && index === 0 ? translate('resources.settlements.destination_from_utr') : undefined}
              fullWidth
            />
          );
        });
      }}
    </FormDataConsumer>
  );
};

/** The body's destination: the fields the method needs, trimmed; those left empty (the UTR names the account) left out. */
export const destinationOf = (method: VendorSettlementMethod, values: Record<string, unknown>): DestinationBody =>
  Object.fromEntries(
    REQUIRED_BY_METHOD[method].flatMap((key) => {
      const value = String(values[key] ?? '').trim();
      return value ? [[key, NORMAL[key]?.(value) ?? value]] : [];
    }),
  );
