import { useState, type ReactNode } from 'react';
import { Box, Divider, Tab, Tabs } from '@mui/material';
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

/**
 * How the customer may pay: the manual ways (UPI, bank transfer, then the proof of payment) and,
 * when the page may offer providers, "Pay with UPI app" as a tab beside them.
 */
export const PaymentTabs = ({ view, actions }: { view: PayView; actions: PayActions }) => {
  const t = usePayText();
  const [chosen, setChosen] = useState(0);
  const { bank } = view;
  const offered = view.intentProviders;
  if (offered.length === 0) {
    return (
      <>
        {bank && <PaymentDetails bank={bank} amount={view.amount} />}
        <Divider />
        <ProofForm actions={actions} />
      </>
    );
  }
  const ways: Way[] = [
    ...(bank && offersUpi(bank)
      ? [{ key: 'upi', label: t('tabs.upi'), panel: <UpiDetails bank={bank} amount={view.amount} /> } as const]
      : []),
    ...(bank && offersBankTransfer(bank)
      ? [{ key: 'bank', label: t('tabs.bank'), panel: <BankTransferDetails bank={bank} /> } as const]
      : []),
    { key: 'intent', label: t('tabs.intent'), panel: <IntentPanel view={view} actions={actions} /> },
  ];
  const current = Math.min(chosen, ways.length - 1);
  const manual = ways[current].key !== 'intent';
  return (
    <Box>
      <Tabs
        value={current}
        onChange={(_, index: number) => setChosen(index)}
        variant="fullWidth"
        aria-label={t('tabs.label')}
      >
        {ways.map((way, index) => (
          <Tab
            key={way.key}
            label={way.label}
            id={`pay-tab-${way.key}`}
            aria-controls={`pay-panel-${way.key}`}
            value={index}
          />
        ))}
      </Tabs>
      {ways.map((way, index) => (
        <Box
          key={way.key}
          role="tabpanel"
          id={`pay-panel-${way.key}`}
          aria-labelledby={`pay-tab-${way.key}`}
          hidden={index !== current}
          sx={{ pt: 3 }}
        >
          {way.panel}
        </Box>
      ))}
      {/* The proof of payment belongs to the manual ways; it stays mounted so what was typed is kept. */}
      <Box hidden={!manual} sx={{ pt: 3 }}>
        <Divider sx={{ mb: 3 }} />
        <ProofForm actions={actions} />
      </Box>
    </Box>
  );
};
