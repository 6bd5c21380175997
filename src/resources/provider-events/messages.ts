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
  replay: {
    action: 'Replay',
    title: 'Replay this event?',
    content: 'The event is applied to its pay-in once more, as if the provider had just sent it.',
    done: 'Replayed: %{outcome}.',
  },
};
