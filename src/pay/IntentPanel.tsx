import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { PROVIDER_LABEL, type Provider } from '../../domain/providers';
import type { PayView } from './api';
import { handOver } from './providerCheckout';
import type { PayActions } from './usePayin';

type State =
  | { kind: 'idle' }
  | { kind: 'busy'; provider: Provider }
  | { kind: 'handed' }
  | { kind: 'failed'; message: string };

const messageOf = (failure: unknown) =>
  failure instanceof Error && failure.message ? failure.message : 'The payment could not be started. Please try again.';

/** "Pay with UPI app": one button per provider the page may offer; the chosen one's checkout takes over. */
export const IntentPanel = ({ view, actions }: { view: PayView; actions: PayActions }) => {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const offered = view.intentProviders;

  const start = async (provider: Provider) => {
    setState({ kind: 'busy', provider });
    const amount = !view.amountFixed && view.amount !== null ? view.amount : undefined;
    const answer = await actions.intent(provider, amount);
    if (answer.error) return setState({ kind: 'failed', message: answer.error.message });
    try {
      await handOver(answer.data);
      setState({ kind: 'handed' });
    } catch (failure) {
      setState({ kind: 'failed', message: messageOf(failure) });
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Pay in your UPI app through a secure payment window. This page updates by itself once the payment is done.
      </Typography>
      {offered.map((provider) => (
        <Button
          key={provider}
          variant="contained"
          size="large"
          loading={state.kind === 'busy' && state.provider === provider}
          disabled={state.kind === 'busy'}
          onClick={() => void start(provider)}
        >
          Pay with {PROVIDER_LABEL[provider]}
        </Button>
      ))}
      {state.kind === 'failed' && <Alert severity="error">{state.message}</Alert>}
      {state.kind === 'handed' && (
        <Alert severity="info">
          Complete the payment in the payment window. We are waiting for it to be confirmed.
        </Alert>
      )}
    </Stack>
  );
};
