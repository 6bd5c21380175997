import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { PayView } from './api';
import { usePayText } from './i18n';
import { IntentPanel } from './IntentPanel';
import { BankTransferDetails, PaymentDetails, UpiDetails, offersBankTransfer, offersUpi } from './PaymentDetails';
import { ProofForm } from './ProofForm';
import type { PayActions } from './usePayin';

interface Way {
  key: 'upi' | 'bank' | 'intent';
  label: string;
  panel: ReactNode;
}

/** Arrow keys, Home and End move between tabs and choose the one they reach (WAI-ARIA tabs). */
const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * How the customer may pay: the manual ways (UPI, bank transfer, then the proof of payment) and,
 * when the page may offer providers, "Pay with UPI app" as a tab beside them.
 */
export const PaymentTabs = ({ view, actions }: { view: PayView; actions: PayActions }) => {
  const t = usePayText();
  const [chosen, setChosen] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const { bank } = view;
  const offered = view.intentProviders;
  if (offered.length === 0) {
    return (
      <>
        {bank && <PaymentDetails bank={bank} amount={view.amount} qrOf={actions.qr} />}
        <hr className="divider" />
        <ProofForm actions={actions} />
      </>
    );
  }
  const ways: Way[] = [
    ...(bank && offersUpi(bank)
      ? [
          {
            key: 'upi',
            label: t('tabs.upi'),
            panel: <UpiDetails bank={bank} amount={view.amount} qrOf={actions.qr} />,
          } as const,
        ]
      : []),
    ...(bank && offersBankTransfer(bank)
      ? [{ key: 'bank', label: t('tabs.bank'), panel: <BankTransferDetails bank={bank} /> } as const]
      : []),
    { key: 'intent', label: t('tabs.intent'), panel: <IntentPanel view={view} actions={actions} /> },
  ];
  const current = Math.min(chosen, ways.length - 1);
  const manual = ways[current].key !== 'intent';
  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(current, ways.length);
    setChosen(next);
    tabs.current[next]?.focus();
  };
  return (
    <div>
      <div className="tabs" role="tablist" aria-label={t('tabs.label')} onKeyDown={onKeyDown}>
        {ways.map((way, index) => (
          <button
            key={way.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            className="tab"
            id={`pay-tab-${way.key}`}
            aria-controls={`pay-panel-${way.key}`}
            aria-selected={index === current}
            tabIndex={index === current ? 0 : -1}
            onClick={() => setChosen(index)}
          >
            {way.label}
          </button>
        ))}
      </div>
      {ways.map((way, index) => (
        <div
          key={way.key}
          role="tabpanel"
          id={`pay-panel-${way.key}`}
          aria-labelledby={`pay-tab-${way.key}`}
          hidden={index !== current}
          className="tab-panel"
        >
          {way.panel}
        </div>
      ))}
      {/* The proof of payment belongs to the manual ways; it stays mounted so what was typed is kept. */}
      <div hidden={!manual} className="tab-panel">
        <hr className="divider" />
        <ProofForm actions={actions} />
      </div>
    </div>
  );
};
