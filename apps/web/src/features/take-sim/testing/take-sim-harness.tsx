import type {
  CharacterType,
  TCharacter,
  TFinalScoreResponse,
  TLayout,
  TLineResultResponse,
  TTakeSimResponse,
  TTakeSimStep,
} from '@sim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { MuiTheme } from '../../../components/theme/mui-theme';
import { setNavigationHandler } from '../../../lib/api-client';
import { ToastProvider } from '../../../lib/toast';
import { stubMicrophone } from '../../../testing/fake-microphone';
import { testScript, testSim } from '../../../testing/sim-fixtures';
import { TakeSimPage, type TakeSimParts } from '../components/take-sim-page';

export const SIM_ID = '00000000-0000-4000-8000-0000000000aa';
export const LEVEL_ID = '00000000-0000-4000-8000-0000000000b1';
export const ASSIGNMENT_ID = '00000000-0000-4000-8000-0000000000c1';
export const ATTEMPT_ID = '00000000-0000-4000-8000-0000000000d1';
export const USER_ID = '00000000-0000-4000-8000-0000000000e1';
export const LINE_ID = '00000000-0000-4000-8000-0000000000f1';
const AT = '2030-03-04T10:00:00.000Z';

export const CHARACTERS: Record<CharacterType, TCharacter> = {
  customer: {
    _id: 'ch-customer',
    sim_id: SIM_ID,
    type: 'customer',
    name: 'Maria',
    voice: 'Kendra',
    avatar: 'avatar-13',
    masked_type: 'customer',
  },
  agent: {
    _id: 'ch-agent',
    sim_id: SIM_ID,
    type: 'agent',
    name: 'You',
    voice: 'Joanna',
    avatar: 'avatar-6',
    masked_type: 'agent',
  },
  coach: {
    _id: 'ch-coach',
    sim_id: SIM_ID,
    type: 'coach',
    name: 'Coach',
    voice: 'Joey',
    avatar: 'avatar-3',
    masked_type: 'coach',
  },
  other: {
    _id: 'ch-other',
    sim_id: SIM_ID,
    type: 'other',
    name: 'Other',
    voice: 'Matthew',
    avatar: 'avatar-19',
    masked_type: 'other',
  },
};

let scriptNumber = 0;
/** A step of the level: a character's line (with a clip unless said) or, for the agent, the learner's turn. */
export function step(who: CharacterType, script: string, overrides: Partial<TTakeSimStep> = {}): TTakeSimStep {
  scriptNumber += 1;
  const id = `00000000-0000-4000-8000-${String(100000000000 + scriptNumber).slice(-12)}`;
  return {
    ...testScript({ _id: id, script, order: scriptNumber }),
    sim_character_id: CHARACTERS[who]._id,
    character: CHARACTERS[who],
    audio_url: who === 'agent' ? null : `/files/clip-${scriptNumber}.mp3`,
    is_agent: who === 'agent',
    learner_turn: who === 'agent',
    take: null,
    ...overrides,
  };
}

export const GREETING = 'Thank you for calling Demo Health, I can schedule your appointment today.';
export const KEYWORDS = ['thank you for calling', 'schedule', 'appointment'];

/** customer → agent (keywords, real-time feedback) → customer */
export function callSteps(agent: Partial<TTakeSimStep> = {}): TTakeSimStep[] {
  return [
    step('customer', 'Hi, I would like to book a visit.'),
    step('agent', GREETING, { keywords: KEYWORDS, real_time_feedback: true, ...agent }),
    step('customer', 'Great, thank you.'),
  ];
}

export function details(
  steps: TTakeSimStep[],
  {
    level = {},
    sim = {},
    layouts = [],
  }: {
    level?: Partial<TTakeSimResponse['level']>;
    sim?: Partial<TTakeSimResponse['sim']>;
    layouts?: TLayout[];
  } = {},
): TTakeSimResponse {
  const { levels: _levels, pass_fail: _pf, ...base } = testSim([]);
  return {
    success: true,
    sim: { ...base, sim_characters: Object.values(CHARACTERS), ...sim },
    level: {
      _id: LEVEL_ID,
      level_id: LEVEL_ID,
      sim_id: SIM_ID,
      name: 'Try w/ scripts',
      order: 2,
      hint_text: false,
      keyword_score: true,
      real_time_feedback: false,
      send_to_snowfly: false,
      screenRecording: false,
      only_keywords: false,
      sim_generated: true,
      remove_coach: false,
      convert_agent: true,
      remove_agent: false,
      auto_populate: false,
      totalScripts: steps.length,
      created_at: AT,
      updated_at: AT,
      sim_scripts: steps,
      sim_real_time_feedback: false,
      level_real_time_feedback: false,
      ...level,
    },
    layouts,
    assignment_status: 'IN PROGRESS',
  };
}

/** The speech websocket, faked: the test plays the server (partials, final, failure). */
export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: unknown[] = [];
  closedWith: number | null = null;
  private listeners = new Map<string, ((event: unknown) => void)[]>();

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
    queueMicrotask(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      this.emit('open', {});
    });
  }

  static get last(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  send(data: unknown) {
    this.sent.push(data);
    if (typeof data === 'string' && JSON.parse(data).type === 'stop' && this.autoFinal !== null) {
      const text = this.autoFinal;
      queueMicrotask(() => this.final(text, this.autoStreamId));
    }
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = code;
    this.emit('close', { code });
  }
  /** the text messages sent, parsed */
  get messages(): { type: string; [key: string]: unknown }[] {
    return this.sent.filter((d): d is string => typeof d === 'string').map((d) => JSON.parse(d));
  }
  get frames(): ArrayBuffer[] {
    return this.sent.filter((d): d is ArrayBuffer => d instanceof ArrayBuffer);
  }
  /** answers 'stop' with this final transcript (null: the test answers itself) */
  autoFinal: string | null = null;
  /** the stream id the server's automatic final carries */
  autoStreamId: string | undefined;
  /** the server refuses the stream: its error message, then it closes (1011) */
  refuse(message: string) {
    act(() => {
      this.emit('message', { data: JSON.stringify({ type: 'error', message }) });
      this.close(1011);
    });
  }
  partial(text: string) {
    act(() => this.emit('message', { data: JSON.stringify({ type: 'partial', text, words: [] }) }));
  }
  final(text: string, streamId?: string) {
    this.emit('message', { data: JSON.stringify({ type: 'final', text, words: [], stream_id: streamId }) });
    this.close(1000);
  }
  drop() {
    act(() => {
      this.emit('error', {});
      this.readyState = 3;
      this.emit('close', { code: 1006 });
    });
  }
}

/** Web Audio, faked: the capture node's port is where a test hands over microphone samples. */
export class FakeWorkletNode {
  static last: FakeWorkletNode | null = null;
  port = { onmessage: null as ((event: { data: Float32Array }) => void) | null, postMessage: vi.fn() };
  constructor() {
    FakeWorkletNode.last = this;
  }
  connect() {}
  disconnect() {}
  /** samples from the microphone */
  feed(samples: Float32Array) {
    this.port.onmessage?.({ data: samples });
  }
}
export class FakeAudioContext {
  sampleRate = 48000;
  state = 'running';
  destination = {};
  audioWorklet = { addModule: vi.fn(async () => {}) };
  createMediaStreamSource() {
    return { connect() {}, disconnect() {} };
  }
  async resume() {}
  async close() {}
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => unknown;

function answer(body: unknown) {
  if (body instanceof Response) return body;
  if (body === undefined) return jsonResponse({ success: false, message: 'not mocked', code: 'NOT_FOUND' }, 404);
  return jsonResponse(body);
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An error answer as the server sends it. */
export const failure = (status: number, message: string, code = 'FAILED') =>
  jsonResponse({ success: false, message, code }, status);

/**
 * The server, faked for fetch and for XMLHttpRequest (the recording's upload): every call is recorded and
 * answered by the handler (undefined: 404).
 */
export function fakeServer(handler: Handler) {
  const calls: Call[] = [];
  const toCall = (method: string, url: string, body: unknown): Call => {
    const u = new URL(url, 'http://localhost');
    return { method, path: u.pathname, query: u.searchParams, body };
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const raw = init?.body;
      const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
      const call = toCall(init?.method ?? 'GET', String(input), body);
      calls.push(call);
      return answer(await handler(call));
    }),
  );
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: unknown) {
      const call = toCall(this.method, this.url, body);
      calls.push(call);
      queueMicrotask(async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        const response = answer(await handler(call));
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    calls,
    /** the calls to a path (and method) */
    to: (path: string, method?: string) => calls.filter((c) => c.path === path && (!method || c.method === method)),
  };
}

/** The browser parts the screen uses: microphone, MediaRecorder, Web Audio, websocket, audio playback. */
export function fakeBrowser() {
  const microphone = stubMicrophone();
  FakeSocket.instances = [];
  FakeWorkletNode.last = null;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('AudioWorkletNode', FakeWorkletNode);
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  let urls = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    value: vi.fn(() => `blob:take-${++urls}`),
    configurable: true,
    writable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
  return { microphone, play, pause };
}

/** The current clip ends (the <audio> element of the step). */
export function endClip() {
  const audio = document.querySelector('audio[data-testid="line-audio"]');
  if (!audio) throw new Error('no clip on this step');
  act(() => {
    audio.dispatchEvent(new Event('pause'));
    audio.dispatchEvent(new Event('ended'));
  });
}

export function takeSimPath(query: Record<string, string> = {}) {
  const params = new URLSearchParams({
    levelId: LEVEL_ID,
    assignment_id: ASSIGNMENT_ID,
    sim_id: SIM_ID,
    user_id: USER_ID,
    reviewer: 'false',
    order: '2',
    continueSimLevel: 'false',
    activeIndex: '0',
    ...query,
  });
  return `/sims/takesim?${params.toString()}`;
}

function DashboardProbe() {
  const location = useLocation();
  return (
    <div data-testid="dashboard">
      {location.pathname}
      {location.search}|{JSON.stringify(location.state)}
    </div>
  );
}

/** Renders the page at /sims/takesim as the router will mount it, with /dashboard as a probe. */
export function renderTakeSim(
  path = takeSimPath(),
  state: unknown = { mode: 'practice', type: 'training' },
  parts?: TakeSimParts,
) {
  localStorage.setItem('token', 'test-token');
  const router = createMemoryRouter(
    [
      {
        // the app's toasts, as the MUI layout gives every page
        element: (
          <ToastProvider>
            <Outlet />
          </ToastProvider>
        ),
        children: [
          { path: '/sims/takesim', element: <TakeSimPage parts={parts} /> },
          { path: '/dashboard', element: <DashboardProbe /> },
        ],
      },
    ],
    { initialEntries: [{ pathname: path.split('?')[0], search: `?${path.split('?')[1] ?? ''}`, state }] },
  );
  setNavigationHandler((to, options) => void router.navigate(to, options));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MuiTheme>
        <RouterProvider router={router} />
      </MuiTheme>
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

export function lineResult(overrides: Partial<TLineResultResponse> = {}): TLineResultResponse {
  return {
    success: true,
    id: LINE_ID,
    correct_keywords: ['thank you for calling', 'appointment'],
    missed_keywords: ['schedule'],
    grade_score: 66.666,
    passed: true,
    tests_matched: [],
    missed_tests: [],
    transcription: 'thank you for calling demo health i can book your appointment today',
    status: 'Completed',
    ...overrides,
  };
}

export function finalScore(overrides: Partial<TFinalScoreResponse> = {}): TFinalScoreResponse {
  return {
    success: true,
    user_response_id: ATTEMPT_ID,
    status: 'completed',
    all_completed: true,
    keyword_accuracy: 66.67,
    typing_accuracy: null,
    data_selection_accuracy: null,
    overall_percentage: 66.67,
    correct_entries: 0,
    total_entries: 0,
    correct_selections: 0,
    total_selections: 0,
    totalSeconds: 42,
    wrapSeconds: 3,
    assignment_status: 'COMPLETED',
    ...overrides,
  };
}

export const STREAM_URL = 'ws://localhost/api/v1/speech/stream?expires=1&signature=abc';

export interface Scenario {
  details: TTakeSimResponse;
  /** the level read with the resumed attempt's takes */
  withTakes?: TTakeSimResponse;
  /** answered in turn by get-missed-correct-keywords (the last one again after) */
  lineResults?: TLineResultResponse[];
  /** answered in turn by final-score (the last one again after) */
  finalScores?: TFinalScoreResponse[];
  continueAnswer?: unknown;
  /** answers a call before the defaults (undefined: the default) */
  override?: (call: Call) => unknown;
}

/** The take-sim routes answered for a scenario; each new attempt gets the next id. */
export function serve(scenario: Scenario) {
  let attempts = 0;
  let results = 0;
  let finals = 0;
  const nth = <T,>(list: T[], n: number) => list[Math.min(n, list.length - 1)];
  return fakeServer((call) => {
    const early = scenario.override?.(call);
    if (early !== undefined) return early;
    switch (`${call.method} ${call.path}`) {
      case 'GET /api/v1/sims/take-sim/details':
        return call.query.get('user_response_id') && scenario.withTakes ? scenario.withTakes : scenario.details;
      case 'POST /api/v1/sims/save-take-sim-details':
        attempts += 1;
        return { success: true, _id: attempts === 1 ? ATTEMPT_ID : `${ATTEMPT_ID.slice(0, -1)}${attempts}` };
      case 'POST /api/v1/sims/continue':
        return (
          scenario.continueAnswer ?? {
            success: true,
            continue_agent: false,
            active_clip_index: 0,
            user_response_id: null,
            mode: null,
            total_seconds: 0,
          }
        );
      case 'POST /api/v1/sims/stats':
        return { success: true };
      case 'GET /api/v1/speech/stream-url':
        return { success: true, data: { url: STREAM_URL, expires_at: '2030-01-01T00:05:00.000Z' } };
      case 'POST /api/v1/sims/grade-transcription':
        return { success: true, id: LINE_ID };
      case 'GET /api/v1/sims/get-missed-correct-keywords':
        return nth(scenario.lineResults ?? [lineResult()], results++);
      case 'POST /api/v1/sims/retry-line':
        return { success: true, message: 'Cleared' };
      case 'POST /api/v1/sims/final-score':
        return nth(scenario.finalScores ?? [finalScore()], finals++);
      case 'POST /api/v1/sims/log-error':
        return { success: true };
      case 'POST /api/v1/sims/save-take-sim-input-details':
        return { success: true, message: 'saved' };
      default:
        return undefined;
    }
  });
}
