import { MERCHANT_FORMATS, STAFF_ONLY_MERCHANT_FIELDS } from '../../../domain/merchant';
import { atLeast, matches, percentage, required, rupees } from '../../../domain/validation';

type Check = (value: unknown, values?: Record<string, unknown>) => string | undefined;
export type MerchantField =
  | 'code'
  | 'name'
  | 'siteUrl'
  | 'returnUrl'
  | 'payinCallbackUrl'
  | 'payoutCallbackUrl'
  | 'minPayin'
  | 'maxPayin'
  | 'payinFeePercent'
  | 'minPayout'
  | 'maxPayout'
  | 'payoutFeePercent'
  | 'parentCode';

/** The form's checks of each merchant field, worded with the field labels the form shows. */
export const merchantValidators = (label: (field: MerchantField) => string): Record<MerchantField, Check[]> => {
  const web = (field: MerchantField) => matches(label(field), MERCHANT_FORMATS.webAddress);
  const amount = (field: MerchantField) => [required(label(field)), rupees(label(field))];
  return {
    code: [required(label('code')), matches(label('code'), MERCHANT_FORMATS.code)],
    name: [required(label('name'))],
    siteUrl: [required(label('siteUrl')), web('siteUrl')],
    returnUrl: [web('returnUrl')],
    payinCallbackUrl: [web('payinCallbackUrl')],
    payoutCallbackUrl: [web('payoutCallbackUrl')],
    minPayin: amount('minPayin'),
    maxPayin: [...amount('maxPayin'), atLeast(label('maxPayin'), 'minPayin', label('minPayin'))],
    payinFeePercent: [required(label('payinFeePercent')), percentage(label('payinFeePercent'))],
    minPayout: amount('minPayout'),
    maxPayout: [...amount('maxPayout'), atLeast(label('maxPayout'), 'minPayout', label('minPayout'))],
    payoutFeePercent: [required(label('payoutFeePercent')), percentage(label('payoutFeePercent'))],
    parentCode: [],
  };
};

/** What the API takes on create and on edit: nothing else (it refuses unknown fields). */
const EDITABLE = [
  'name',
  'siteUrl',
  'returnUrl',
  'payinCallbackUrl',
  'payoutCallbackUrl',
  'minPayin',
  'maxPayin',
  'payinFeePercent',
  'minPayout',
  'maxPayout',
  'payoutFeePercent',
  'testMode',
  'disputesAllowed',
] as const;

const pick = (values: Record<string, unknown>, fields: readonly string[]) => {
  const body: Record<string, unknown> = {};
  for (const field of fields)
    if (values[field] !== undefined)
      body[field] = typeof values[field] === 'string' ? (values[field] as string).trim() : values[field];
  return body;
};

/** Only ADMIN sets whether customers may pay through a provider, and which (the server refuses others). */
const INTENT_FIELDS = ['allowIntent', 'intentProvider'] as const;

export const merchantUpdateBody = (values: Record<string, unknown>, { intent = false } = {}) =>
  pick(values, intent ? [...EDITABLE, ...INTENT_FIELDS] : EDITABLE);

/** A body without the gateway's controls, which a merchant role does not send. */
export const withoutStaffOnlyFields = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([field]) => !(field in STAFF_ONLY_MERCHANT_FIELDS)));

export const merchantCreateBody = (values: Record<string, unknown>) => {
  const body = pick(values, ['code', 'parentCode', ...EDITABLE]);
  if (!body.parentCode) delete body.parentCode;
  return body;
};
