/** The English messages of /app/provider-events (`resources.provider-events.*` in the catalogue). */
export const providerEventMessages = {
  name: 'Provider Event |||| Provider Events',
  fields: {
    provider: 'Provider',
    eventId: 'Event ID',
    eventType: 'Event',
    verified: 'Verified',
    outcome: 'Outcome',
    detail: 'Detail',
    payinId: 'PayIn ID',
    paymentId: 'Payment ID',
    attempts: 'Attempts',
    receivedAt: 'Received At (IST)',
    appliedAt: 'Applied At (IST)',
    body: 'Body',
    headers: 'Headers',
  },
  outcomes: {
    applied: 'Applied',
    duplicate: 'Duplicate',
    ignored: 'Ignored',
    rejected: 'Rejected',
    failed: 'Failed',
  },
  verified: { true: 'Verified', false: 'Not verified' },
  empty: {
    title: 'No webhook received yet',
    text: 'Every request a payment provider sends to the gateway is kept here, verified or not.',
    filtered_title: 'No event matches',
    filtered_text: 'No webhook matches these filters. Change or clear them.',
  },
  replay: {
    action: 'Replay',
    title: 'Replay this event?',
    content: 'The event is applied to its pay-in once more, as if the provider had just sent it.',
    done: 'Replayed: %{outcome}.',
  },
};
