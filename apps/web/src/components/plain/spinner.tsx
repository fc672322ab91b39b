import { LABELS } from '@sim/shared';
import './plain.css';

const SIZE = 44;
const THICKNESS = 3.6;

interface PlainSpinnerProps {
  size?: number;
  /** 'inherit' takes the text colour (a spinner in a button) */
  color?: 'primary' | 'inherit';
  /** the progress bar's name; without one the spinner is decoration (hidden from assistive technology) */
  label?: string;
}

/** MUI's indeterminate CircularProgress without MUI. */
export function PlainSpinner({ size = 40, color = 'primary', label }: PlainSpinnerProps) {
  const a11y = label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span className={`sc-spinner sc-spinner--${color}`} style={{ width: size, height: size }} {...a11y}>
      <svg viewBox={`${SIZE / 2} ${SIZE / 2} ${SIZE} ${SIZE}`} aria-hidden="true" focusable="false">
        <circle cx={SIZE} cy={SIZE} r={(SIZE - THICKNESS) / 2} fill="none" strokeWidth={THICKNESS} />
      </svg>
    </span>
  );
}

/** The loading state of a whole page without MUI (the first load, before the page's code is there). */
export function PlainPageSpinner({ minHeight = 240 }: { minHeight?: number | string }) {
  return (
    <div role="status" className="sc-page-spinner" style={{ minHeight }}>
      <PlainSpinner label={LABELS.loading} />
    </div>
  );
}
