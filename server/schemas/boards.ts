import { Type } from '@fastify/type-provider-typebox';
import { IstDay } from './common';

const Rupees = (description: string) => Type.Number({ description: `rupees: ${description}` });
const Counted = (description: string) =>
  Type.Object({ amount: Rupees(description), count: Type.Integer({ description: 'how many' }) });
const Compared = (description: string) =>
  Type.Object({
    current: Type.Union([Type.Number(), Type.Null()], { description: `${description}, this period` }),
    previous: Type.Union([Type.Number(), Type.Null()], {
      description: `${description}, the period of the same length before`,
    }),
  });

const Series = {
  bucket: Type.Union([Type.Literal('hour'), Type.Literal('day')], {
    description: 'hour for a one-day period, day otherwise',
  }),
  series: Type.Array(
    Type.Object({
      at: Type.String({ description: "the bucket's start in IST, with its offset (+05:30)" }),
      deposit: Rupees('collected in the bucket'),
      withdraw: Rupees('paid out in the bucket'),
    }),
  ),
};

const Period = {
  from: Type.Optional(IstDay()),
  to: Type.Optional(IstDay()),
};

export const DashboardQuery = Type.Object(
  {
    merchantCode: Type.Optional(
      Type.String({
        maxLength: 4000,
        description: 'comma-joined merchant codes; every merchant the caller sees when left out',
      }),
    ),
    includeSubMerchants: Type.Optional(Type.Boolean({ description: "add the named merchants' sub-merchants" })),
    ...Period,
  },
  { additionalProperties: false },
);

export const Dashboard = Type.Object({
  deposit: Counted('successful pay-ins, confirmed amounts'),
  depositFee: Rupees('pay-in fees'),
  withdraw: Counted('successful pay-outs'),
  withdrawFee: Rupees('pay-out fees'),
  reversedWithdraw: Rupees('pay-outs the bank returned'),
  commission: Rupees('fees less those of reversed pay-outs'),
  settlement: Rupees('successful settlements'),
  chargeback: Rupees('chargebacks'),
  currentBalance: Rupees("what the period added to the merchants' balance"),
  netBalance: Rupees('what the gateway owes the merchants now (all time)'),
  ...Series,
  payinSuccessRate: Compared('the fraction of the pay-ins created that succeeded'),
  medianSecondsToSuccess: Compared('the median seconds from a pay-in’s creation to its SUCCESS'),
});

export const VendorBoardQuery = Type.Object(
  {
    vendorCode: Type.Optional(
      Type.String({ maxLength: 64, description: "a vendor's code; a vendor user's own always" }),
    ),
    ...Period,
  },
  { additionalProperties: false },
);

export const VendorBoard = Type.Object({
  collected: Counted("bank entries recorded on the vendor's accounts"),
  withdraw: Counted("pay-outs paid from the vendor's accounts"),
  reversedWithdraw: Rupees('of those, returned by the bank'),
  commission: Rupees('the commission the vendor earned'),
  settlement: Rupees("the vendor's successful settlements"),
  currentBalance: Rupees('what the period added to the money the vendor holds for the gateway'),
  netBalance: Rupees('positive: the vendor owes the gateway; negative: the gateway owes the vendor'),
  ...Series,
});
