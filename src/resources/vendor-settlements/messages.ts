import { settlementMessages } from '../settlements/messages';

/** The English messages of the Vendor Settlements screen (`resources.vendorsettlements.*`), built on Settlements'. */
export const vendorSettlementMessages = {
  ...settlementMessages,
  name: 'Vendor Settlement |||| Vendor Settlements',
  fields: { ...settlementMessages.fields, vendorCode: 'Vendor', bankNickname: 'To Bank' },
  filters: { ...settlementMessages.filters, vendorCode: 'Vendor' },
  /** Who owes whom, from the vendor's balance (GET /v1/vendor-settlements/balances). */
  balance: {
    label: 'Who owes whom',
    vendor_owes: '%{vendor} owes the gateway %{amount}',
    gateway_owes: 'The gateway owes %{vendor} %{amount}',
    settled: '%{vendor} is settled',
    unmatched: 'Unmatched credits %{amount}',
    first: 'Balances of the first %{count} vendors in the filter.',
    error: 'Who owes whom could not be read.',
  },
  create: {
    ...settlementMessages.create,
    vendorCode: 'Vendor',
    utr: 'UTR Number',
    utr_help: 'The UTR of the un-used bank entry of this exact amount on the account the money went to',
    done: 'The settlement is added as Initiated.',
    done_internal: 'The internal transfer is recorded as Success; its bank entry is used.',
  },
  empty: {
    title: 'No vendor settlements to show',
    text: 'Settlements with vendors appear here once staff add them.',
    filtered_title: 'No vendor settlement matches these filters',
    filtered_text: 'Change or clear the filters to see more.',
  },
};
