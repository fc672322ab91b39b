import type { TNewTicketAttachment, TTicket } from '@sim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { setNavigationHandler } from '../../../lib/api-client';
import { ToastProvider } from '../../../lib/toast';
import type { OnProgress } from '../../../lib/upload-with-progress';
// the dashboard features' harness: a signed-in session and fetch answered by a handler
import { rowId } from '../../assignments/testing/harness';

export { mockApi, ok, refusal, rowId, signInAs } from '../../assignments/testing/harness';

/** Shows where the app went (the result view of a Review). */
function Elsewhere() {
  const location = useLocation();
  return <div data-testid="elsewhere">{`${location.pathname}${location.search}`}</div>;
}

/** Renders the element at the URL, inside the router and the app's toasts, with a fresh query client. */
export function renderHelpdesk(element: ReactElement, url = '/helpdesk') {
  const [pathname, search = ''] = url.split('?');
  const router = createMemoryRouter(
    [
      { path: pathname, element: <ToastProvider>{element}</ToastProvider> },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [{ pathname, search: search ? `?${search}` : '' }] },
  );
  setNavigationHandler((to, options) => void router.navigate(to, options));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

/** An upload the test drives: each call waits until the test resolves or fails it. */
export function controlledUpload() {
  const calls: {
    file: File;
    progress: OnProgress;
    resolve: (a: TNewTicketAttachment) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const upload = (file: File, progress: OnProgress) =>
    new Promise<TNewTicketAttachment>((resolve, reject) => calls.push({ file, progress, resolve, reject }));
  return { upload, calls };
}

/** A file of the given size. */
export const fileOf = (name: string, size: number, type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

export const AGENT_ID = rowId(1);
export const TRAINER_ID = rowId(2);

/** A ticket as the server answers it. */
export function ticketOf(n: number, overrides: Partial<TTicket> = {}): TTicket {
  return {
    _id: rowId(700 + n),
    ticket_id: n,
    status: 'PENDING',
    created_by: { _id: AGENT_ID, full_name: 'Alex Agent', profile_picture_url: null },
    assigned_to: null,
    created_at: '2030-03-04T10:00:00.000Z',
    updated_at: '2030-03-04T10:00:00.000Z',
    sim: 'Cardiology referral',
    sim_id: rowId(100),
    sim_level_id: rowId(101),
    level: { order: 2, name: 'Say it with keywords' },
    script: {
      _id: rowId(102),
      order: 2,
      hint_text: 'Offer Monday',
      voice: 'Joanna',
      script: 'I can schedule your appointment on Monday.',
      audio_url: '/api/v1/files/clip.mp3?exp=1&sig=x',
      agent_recorded_url: '/api/v1/sims/result/recording/x?exp=1&sig=y',
    },
    assignment_id: rowId(103),
    assignment: { _id: rowId(103), status: 'IN PROGRESS' },
    page: '/sims/takesim?levelId=x',
    message: `Ticket ${n} message`,
    entries: [
      {
        _id: rowId(800 + n),
        action: 'create',
        message: `Ticket ${n} message`,
        status: null,
        created_by: AGENT_ID,
        creator_name: 'Alex Agent',
        creator_role: 'agent',
        creator_picture_url: null,
        created_at: '2030-03-04T10:00:00.000Z',
      },
    ],
    messages_count: 1,
    attachments: [],
    attachments_count: 0,
    ...overrides,
  };
}
