import type { TFullLevel, TLevel, TScript } from '@sim/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '../../../../lib/query-client';
import { jsonResponse, mockFetch } from '../../../../testing/render-app';
import { TEST_LEVEL_ID, TEST_SIM_ID, testLevel, testScript, testSim } from '../../../../testing/sim-fixtures';
import type { TFullSim } from '../lib/dialog-props';

export const SIM_ID = TEST_SIM_ID;
export const LEVEL_ID = TEST_LEVEL_ID;
export const LEVEL2_ID = '00000000-0000-4000-8000-0000000000b2';
export const SCRIPT_ID = '00000000-0000-4000-8000-0000000000c1';

export function makeScript(overrides: Partial<TScript> = {}): TScript {
  return testScript({
    _id: SCRIPT_ID,
    sim_character_id: '00000000-0000-4000-8000-0000000000d1',
    script: 'Thank you for calling Demo Health. I can help you book an appointment.',
    keywords: ['thank you for calling'],
    ...overrides,
  });
}

export function makeLevel(overrides: Partial<TLevel> = {}): TFullLevel {
  return testLevel([makeScript()], { totalScripts: 1, ...overrides });
}

export function makeSim(overrides: Partial<TFullSim> = {}): TFullSim {
  return testSim([makeLevel()], {}, { totalSteps: 1, ...overrides });
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
  query: URLSearchParams;
}

type Handler = (call: Call) => Response | undefined;

/** Stubs fetch: records every call (JSON bodies parsed, FormData kept) and answers with the handler. */
export function mockApi(handler: Handler) {
  const calls: Call[] = [];
  mockFetch((url, init) => {
    const raw = init?.body;
    const body = raw instanceof FormData ? raw : typeof raw === 'string' ? JSON.parse(raw) : undefined;
    const call = { method: init?.method ?? 'GET', path: url.pathname, body, query: url.searchParams };
    calls.push(call);
    return handler(call);
  });
  return calls;
}

export const ok = (body: Record<string, unknown>) => jsonResponse({ success: true, ...body });
export const refusal = (status: number, message: string, code = 'RULE_BROKEN') =>
  jsonResponse({ success: false, message, code }, status);

/** Renders a dialog with the app's query client. */
export function renderDialog(ui: ReactElement) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}
