/** The English messages of /app/vendor (`resources.vendor.*` in the catalogue). */
export const vendorMessages = {
  name: 'Vendor |||| Vendors',
  notifications: { created: 'Vendor created', updated: 'Vendor saved' },
  fields: {
    code: 'Code',
    name: 'Name',
    payinCommissionPercent: 'Pay-in Commission %',
    payoutCommissionPercent: 'Pay-out Commission %',
    balance: 'Balance',
    unmatched: 'Unmatched entries',
    enabled: 'Enabled',
    createdBy: 'Created By',
    createdAt: 'Created At (IST)',
    updatedAt: 'Updated At (IST)',
  },
  position: {
    owes: '%{code} owes the gateway %{amount}',
    owed: 'The gateway owes %{code} %{amount}',
    settled: 'Settled',
  },
  empty: {
    title: 'No vendors yet',
    text: 'Vendors supply the bank accounts customers pay into and process pay-outs.',
    filtered_title: 'No vendor matches these filters',
    filtered_text: 'Change or clear the filters to see more.',
  },
};
