import type { ReactNode } from 'react';
import { usePayText } from './i18n';
import { Icon } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { Alert } from './ui';

/** The page around every step: a card as wide as a phone, the payee, the language switch and the TEST banner. */
export const PayFrame = ({
  merchantName,
  test = false,
  children,
}: {
  merchantName?: string;
  test?: boolean;
  children: ReactNode;
}) => {
  const t = usePayText();
  return (
    <main className="page">
      <div className="card">
        <div className="band" />
        <div className="card-body">
          <div className="frame-head">
            <Icon name="lock" className="brand" />
            <p className="secondary small">
              {merchantName ? t('frame.secure_to', { name: merchantName }) : t('frame.secure')}
            </p>
            <LanguageSwitch />
          </div>
          {test && (
            <Alert severity="warning" role="note">
              <strong>{t('frame.test_tag')}</strong> {t('frame.test')}
            </Alert>
          )}
          {children}
        </div>
      </div>
    </main>
  );
};
