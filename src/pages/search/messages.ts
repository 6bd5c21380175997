/** Global search and the keyboard (issue 31, item 8): app.search.* */
export const searchMessages = {
  search: {
    label: 'Search',
    placeholder: 'UTR, order id, code… ( / )',
    results: 'Search results',
    too_short: 'Type at least %{count} characters.',
    none: 'Nothing found for "%{q}".',
    skip: 'Skip to content',
    shortcuts: 'Keyboard shortcuts',
    keys: { search: 'Search', help: 'This list of shortcuts', close: 'Close a dialog, a menu or the results' },
    kinds: {
      payins: 'Deposit',
      payouts: 'Withdrawal',
      'bank-entries': 'Bank entry',
      settlements: 'Settlement',
      liens: 'ChargeBack',
    },
    matched: {
      utr: 'UTR',
      order: 'order id',
      code: 'code',
      customer: 'customer',
      account: 'account',
      id: 'id',
    },
  },
};
