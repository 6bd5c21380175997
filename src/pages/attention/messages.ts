/** What needs attention (issue 31, item 4): app.attention.* */
export const attentionMessages = {
  attention: {
    title: 'Needs attention',
    bell: 'Needs attention: %{smart_count} item |||| Needs attention: %{smart_count} items',
    none: 'Nothing needs attention now.',
    error: 'What needs attention could not be read.',
    more: '%{count}+',
    items: {
      pending_long: 'Pending for more than %{minutes} minutes',
      img_pending: 'Screenshots to read (Screenshot Pending)',
      dispute: 'Disputes',
      duplicate: 'Duplicates',
      payouts_awaiting_checker: 'Waiting for my approval',
      unused_credits: 'Bank credits unused for more than an hour',
      callbacks_failing: 'Callbacks failing',
    },
  },
};
