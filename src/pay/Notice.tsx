import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

export type NoticeTone = 'success' | 'warning' | 'error' | 'info';

/** One outcome of the page: a coloured icon, the headline, and what the customer can do now. */
export const Notice = ({
  icon,
  tone,
  title,
  children,
}: {
  icon: IconName;
  tone: NoticeTone;
  title: string;
  children?: ReactNode;
}) => (
  <div className="notice stack">
    <Icon name={icon} size={56} className={`tone-${tone}`} />
    <h1 className="h5">{title}</h1>
    {children}
  </div>
);

export const Line = ({ children }: { children: ReactNode }) => <p className="secondary line">{children}</p>;
