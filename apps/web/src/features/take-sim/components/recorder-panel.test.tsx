import { TAKE_SIM_TEXTS as T } from '@sim/shared';
import { render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { MuiTheme } from '../../../components/theme/mui-theme';
import { RecorderPanel } from './recorder-panel';

type Props = ComponentProps<typeof RecorderPanel>;

const props = (over: Partial<Props> = {}): Props => ({
  phase: 'idle',
  transcript: '',
  live: 'live',
  level: 0,
  keywords: [],
  ticked: new Set(),
  revealKeywords: false,
  recorded: false,
  clipUrl: null,
  uploadProgress: 0,
  error: null,
  onDismissError: () => {},
  feedbackChoice: null,
  onRecord: () => {},
  onStop: () => {},
  onRecordAgain: () => {},
  ...over,
});

const panel = (over: Partial<Props> = {}) => (
  <MuiTheme>
    <RecorderPanel {...props(over)} />
  </MuiTheme>
);

/** The polite live regions of the page (what a screen reader announces when their text changes). */
const liveRegions = (container: HTMLElement) => [...container.querySelectorAll('[aria-live="polite"]')];

describe('the live transcript, for screen readers', () => {
  it('is a polite live region already in the page, empty, before the learner records', () => {
    const { container } = render(panel());
    const regions = liveRegions(container);
    expect(regions).toHaveLength(1);
    expect(regions[0]?.textContent).toBe('');
    expect(screen.queryByTestId('live-transcript')).toBeNull();
  });

  it('announces what is heard as it grows, in the same region, once (the text on screen is not a second region)', () => {
    const { container, rerender } = render(panel());
    const region = liveRegions(container)[0];
    rerender(panel({ phase: 'recording' }));
    expect(region?.textContent).toBe('');
    expect(screen.getByTestId('live-transcript').textContent).toBe(T.listening);
    rerender(panel({ phase: 'recording', transcript: 'thank you' }));
    expect(region?.textContent).toBe('thank you');
    rerender(panel({ phase: 'recording', transcript: 'thank you for calling' }));
    expect(liveRegions(container)).toEqual([region]);
    expect(region?.textContent).toBe('thank you for calling');
    expect(region?.getAttribute('aria-atomic')).toBe('true');
    expect(screen.getByTestId('live-transcript').textContent).toBe('thank you for calling');
    expect(screen.getByTestId('live-transcript').closest('[aria-live]')).toBeNull();
  });

  it('keeps the last words after the stop, and empties when the learner records again', () => {
    const { container, rerender } = render(panel({ phase: 'recording', transcript: 'monday morning' }));
    const region = liveRegions(container)[0];
    rerender(panel({ phase: 'idle', recorded: true, transcript: 'monday morning' }));
    expect(region?.textContent).toBe('monday morning');
    rerender(panel({ phase: 'recording', transcript: '' }));
    expect(region?.textContent).toBe('');
  });
});
