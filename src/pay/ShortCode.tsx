import { CopyButton } from './CopyButton';
import { usePayText } from './i18n';

/** The 5-character code the customer writes in the payment's note: how the payment is found. */
export const ShortCode = ({ code }: { code: string }) => {
  const t = usePayText();
  return (
    <div className="short-code">
      <p className="small strong">{t('code.title')}</p>
      <div className="short-code-line">
        <p className="short-code-value">{code}</p>
        <CopyButton label={t('code.label')} value={code} />
      </div>
      <p className="small">
        <strong>{t('code.note')}</strong> {t('code.why')}
      </p>
    </div>
  );
};
