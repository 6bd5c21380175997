import { MERCHANT_FORMATS } from '../../../domain/merchant';
import { USER_NAME_FORMAT } from '../../../domain/formats';
import { atLeast, matches, percentage, required, rupees, strongPassword } from '../../../domain/validation';

export type ApprovalField =
  | 'code'
  | 'userName'
  | 'password'
  | 'minPayin'
  | 'maxPayin'
  | 'payinFeePercent'
  | 'minPayout'
  | 'maxPayout'
  | 'payoutFeePercent';

type Check = (value: unknown, values?: Record<string, unknown>) => string | undefined;

/** The approval form's checks, worded with its labels; the server checks the same again. */
export const approvalValidators = (label: (field: ApprovalField) => string): Record<ApprovalField, Check[]> => {
  const amount = (field: ApprovalField) => [required(label(field)), rupees(label(field))];
  return {
    code: [required(label('code')), matches(label('code'), MERCHANT_FORMATS.code)],
    userName: [required(label('userName')), matches(label('userName'), USER_NAME_FORMAT)],
    password: [required(label('password')), strongPassword()],
    minPayin: amount('minPayin'),
    maxPayin: [...amount('maxPayin'), atLeast(label('maxPayin'), 'minPayin', label('minPayin'))],
    payinFeePercent: [required(label('payinFeePercent')), percentage(label('payinFeePercent'))],
    minPayout: amount('minPayout'),
    maxPayout: [...amount('maxPayout'), atLeast(label('maxPayout'), 'minPayout', label('minPayout'))],
    payoutFeePercent: [required(label('payoutFeePercent')), percentage(label('payoutFeePercent'))],
  };
};

const FIELDS = [
  'code',
  'userName',
  'password',
  'minPayin',
  'maxPayin',
  'payinFeePercent',
  'minPayout',
  'maxPayout',
  'payoutFeePercent',
  'testMode',
] as const;

/** Exactly what POST …/approve takes. */
export const approvalBody = (values: Record<string, unknown>) =>
  Object.fromEntries(
    FIELDS.filter((f) => values[f] !== undefined && values[f] !== null).map((f) => [
      f,
      f !== 'password' && typeof values[f] === 'string' ? (values[f] as string).trim() : values[f],
    ]),
  );
