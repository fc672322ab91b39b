import { COPYRIGHT, LABELS, PRODUCT_NAME } from '@sim/shared';
import type { ReactNode } from 'react';
import { PlainButton } from '../../../components/plain/button';
import './public-frame.css';

/**
 * The frame of the public pages: product name, the top links (no behaviour in the spec), the footer. Plain
 * elements and CSS, no MUI: it is part of /login's first load.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="sc-public">
      <header className="sc-public__bar">
        <div className="sc-public__toolbar">
          <div className="sc-public__brand">{PRODUCT_NAME}</div>
          {[LABELS.contactUs, LABELS.aboutUs, LABELS.help].map((label) => (
            <PlainButton key={label} color="inherit" size="small" className="sc-public__top-link">
              {label}
            </PlainButton>
          ))}
        </div>
      </header>
      <main className="sc-public__main">{children}</main>
      <footer className="sc-public__footer">
        <p className="sc-public__copyright">{COPYRIGHT}</p>
      </footer>
    </div>
  );
}
