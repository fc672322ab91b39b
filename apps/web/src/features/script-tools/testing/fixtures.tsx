import type { TFullLevel, TLevel, TScript } from '@sim/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, mockFetch } from '../../../testing/render-app';
import type { TFullSim } from '../index';

export const SIM_ID = '00000000-0000-4000-8000-0000000000aa';
export const LEVEL_ID = '00000000-0000-4000-8000-0000000000b1';
export const LEVEL2_ID = '00000000-0000-4000-8000-0000000000b2';
export const SCRIPT_ID = '00000000-0000-4000-8000-0000000000c1';

export function makeScript(overrides: Partial<TScript> = {}): TScript {
  return {
    _id: SCRIPT_ID,
    sim_id: SIM_ID,
    sim_level_id: LEVEL_ID,
    sim_character_id: '00000000-0000-4000-8000-0000000000d1',
    script: 'Thank you for calling Demo Health. I can help you book an appointment.',
    keywords: ['thank you for calling'],
    tests: [],
    hint_text: '',
    hide_text: false,
    order: 1,
    audio_url: null,
    expiry_date: null,
    audio_key: null,
    audio_source: null,
    voice: null,
    agent_recorded_audio: false,
    agent_recorded_url: null,
    real_time_feedback: false,
    natural_lenguage: false,
    autopopulate_timer: null,
    autopopulate_data: null,
    overalConfidence: 60,
    status: 'saved',
    character: null,
    created_at: '2030-03-04T10:00:00.000Z',
    updated_at: '2030-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function makeLevel(overrides: Partial<TLevel> = {}): TFullLevel {
  const id = overrides._id ?? LEVEL_ID;
  return {
    _id: id,
    level_id: id,
    sim_id: SIM_ID,
    name: 'Watch and Learn',
    order: 0,
    hint_text: false,
    keyword_score: true,
    real_time_feedback: false,
    send_to_snowfly: false,
    screenRecording: false,
    only_keywords: false,
    sim_generated: false,
    remove_coach: false,
    convert_agent: false,
    remove_agent: false,
    auto_populate: false,
    totalScripts: 1,
    created_at: '2030-03-04T10:00:00.000Z',
    updated_at: '2030-03-04T10:00:00.000Z',
    scripts: [makeScript()],
    ...overrides,
  };
}

export function makeSim(overrides: Partial<TFullSim> = {}): TFullSim {
  return {
    _id: SIM_ID,
    title: 'Refills',
    description: 'A refill call',
    brief_description: '',
    admin_note: '',
    product_id: '00000000-0000-4000-8000-000000000001',
    product: 'Training SIM',
    product_name: 'Training SIM',
    product_type: 'Voice Only',
    sim_type: 'training',
    call_type: 'Appointment',
    auto_populate: false,
    real_time_feedback: false,
    natural_lenguage: false,
    draft: false,
    hot_links: [],
    documents: [],
    activeStep: 2,
    is_pass_fail_criteria_set: false,
    pass_fail_id: null,
    company: 'c1',
    created_by: null,
    built_by: 'Ada Lovelace',
    created_at: '2030-03-04T10:00:00.000Z',
    updated_at: '2030-03-05T10:00:00.000Z',
    deleted_at: null,
    totalLevels: 1,
    totalSteps: 1,
    sim_characters: [],
    selectVoices: {},
    levels: [makeLevel()],
    pass_fail: null,
    ...overrides,
  };
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
