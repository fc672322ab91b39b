import type { ReactNode } from 'react';
import './plain.css';

/** MUI's Card with a CardContent of the public pages (padding 24px, 32px from 600px wide). */
export function PlainCard({ children }: { children: ReactNode }) {
  return (
    <div className="sc-card">
      <div className="sc-card__content">{children}</div>
    </div>
  );
}
