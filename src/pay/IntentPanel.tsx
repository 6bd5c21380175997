import { useState } from 'react';
import { PROVIDER_LABEL, type Provider } from '../../domain/providers';
import type { PayView } from './api';
import { errorText, usePayText } from './i18n';
import { handOver, SCRIPT_FAILED } from './providerCheckout';
import { Alert, Button } from './ui';
import type { PayActions } from './usePayin';

type State =
  | { kind: 'idle' }
  | { kind: 'busy'; provider: Provider }
  | { kind: 'handed' }
  | { kind: 'failed'; message: string | null; script?: boolean };

/** A provider's own message as it says it; ours in the page's language. */
const messageOf = (failure: unknown): string | null =>
  failure instanceof Error && failure.message && failure.message !== SCRIPT_FAILED ? failure.message : null;

/** "Pay with UPI app": one button per provider the page may offer; the chosen one's checkout takes over. */
export const IntentPanel = ({ view, actions }: { view: PayView; actions: PayActions }) => {
  const t = usePayText();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const offered = view.intentProviders;

  const start = async (provider: Provider) => {
    setState({ kind: 'busy', provider });
    const amount = !view.amountFixed && view.amount !== null ? view.amount : undefined;
    const answer = await actions.intent(provider, amount);
    if (answer.error) return setState({ kind: 'failed', message: errorText(t, answer.error) });
    try {
      await handOver(answer.data);
      setState({ kind: 'handed' });
    } catch (failure) {
      setState({
        kind: 'failed',
        message: messageOf(failure),
        script: failure instanceof Error && failure.message === SCRIPT_FAILED,
      });
    }
  };

  return (
    <div className="stack">
      <p className="secondary small">{t('intent.intro')}</p>
      {offered.map((provider) => (
        <Button
          key={provider}
          size="large"
          loading={state.kind === 'busy' && state.provider === provider}
          disabled={state.kind === 'busy'}
          onClick={() => void start(provider)}
        >
          {t('intent.pay_with', { provider: PROVIDER_LABEL[provider] })}
        </Button>
      ))}
      {state.kind === 'failed' && (
        <Alert severity="error">{state.message ?? t(state.script ? 'intent.script_failed' : 'intent.failed')}</Alert>
      )}
      {state.kind === 'handed' && <Alert severity="info">{t('intent.handed')}</Alert>}
    </div>
  );
};
