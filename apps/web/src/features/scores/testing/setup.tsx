import type { TScoreFiltersResponse, TScoreInsightsResponse, TScoreRow } from '@sim/shared';
import { screen } from '@testing-library/react';
import {
  type Call,
  jsonResponse,
  mockApi,
  ok,
  refusal,
  renderAtDashboard,
  signInAs,
} from '../../assignments/testing/harness';
import { ScoreTab } from '../components/score-tab';
import { makeFilters, makeInsights, makeScoreRow } from './fixtures';

/** A trainer who sees the SCORE tab and may read every member's scores. */
export const TRAINER = ['all_assignments:view', 'assignment:view', 'review_assignments:view'];

export interface ScoreSetup {
  keys?: string[];
  rows?: TScoreRow[] | ((call: Call) => TScoreRow[]);
  total?: number;
  capped?: boolean;
  filters?: TScoreFiltersResponse;
  insights?: TScoreInsightsResponse | ((call: Call) => Response);
  listingFails?: string;
  /** the export's answer (default: a small workbook) */
  exportAnswer?: () => Response | Promise<Response>;
  url?: string;
}

export const LISTING = '/api/v1/sims/level/listing';
export const FILTERS = '/api/v1/sims/level/listing/filters';
export const INSIGHTS = '/api/v1/sims/level/listing/insights';

/** Renders the SCORE tab at /dashboard?tab=SCORE with the score calls answered, every call recorded. */
export function renderScoreTab(setup: ScoreSetup = {}) {
  const { keys = TRAINER, rows = [makeScoreRow(1)], filters = makeFilters(), url = '/dashboard?tab=SCORE' } = setup;
  const session = signInAs(keys);
  const calls = mockApi(session, (call) => {
    if (call.path === FILTERS) return ok({ ...filters });
    if (call.path === INSIGHTS) {
      if (typeof setup.insights === 'function') return setup.insights(call);
      return ok({ ...(setup.insights ?? makeInsights()) });
    }
    if (call.path === LISTING && call.query.get('download') === 'true')
      return setup.exportAnswer ? setup.exportAnswer() : new Response('xlsx bytes', { status: 200 });
    if (call.path === LISTING) {
      if (setup.listingFails) return refusal(400, setup.listingFails, 'VALIDATION');
      const list = typeof rows === 'function' ? rows(call) : rows;
      return ok({ scores: list, total: setup.total ?? list.length, total_capped: setup.capped ?? false });
    }
    return undefined;
  });
  const view = renderAtDashboard(<ScoreTab />, { url });
  const listings = () => calls.filter((c) => c.path === LISTING && c.query.get('download') !== 'true');
  const lastListing = () => listings()[listings().length - 1];
  return { ...view, calls, listings, lastListing };
}

export { jsonResponse };

/**
 * A row's cell once the table has loaded. By text, not by role: a role query walks the accessibility tree
 * of the whole tab (16 columns, the panel, the charts) on every retry, which is slow on a loaded machine.
 */
export const findCell = (text: string) => screen.findByText(text, { selector: 'td' }, { timeout: 10_000 });
