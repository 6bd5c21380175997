import { useEffect, useState } from 'react';
import { usePayText } from './i18n';
import { Icon } from './icons';

export const CopyButton = ({ label, value }: { label: string; value: string }) => {
  const t = usePayText();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  // navigator.clipboard is missing outside secure contexts: that is a failure to report too.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(value))
      .then(() => setState('copied'))
      .catch(() => setState('failed'));
  const name = t('copy.copy', { label });
  return (
    <>
      <button type="button" className="icon-btn" aria-label={name} title={name} onClick={copy}>
        <Icon name={state === 'copied' ? 'check' : 'copy'} />
      </button>
      {/* What happened, said to a screen reader and shown beside the button for two seconds. A
          sibling of the button, not its parent: the value beside them is found through the parent. */}
      <span className="copy-said" role="status">
        {state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </>
  );
};

/** A labelled detail of a <dl>, its value with a copy button, for the customer to paste in the bank's app. */
export const CopyRow = ({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) => (
  <div>
    <dt className="secondary small">{label}</dt>
    <dd className="copy-row">
      <span className={mono ? 'strong mono' : 'strong'}>{value}</span>
      <CopyButton label={label} value={value} />
    </dd>
  </div>
);
