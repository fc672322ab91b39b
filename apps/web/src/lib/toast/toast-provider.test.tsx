import { TOAST_DURATIONS_MS } from '@sim/shared';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BEFORE_DUE_MS, fakeClock } from '../../testing/fake-timers';
import { useToast } from './toast-context';
import { ToastProvider } from './toast-provider';

/** A page with buttons that show toasts and move around, like a feature would. */
function Page() {
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => toast.show('success', 'Role saved successfully.')}>
        success
      </button>
      <button type="button" onClick={() => toast.show('error', 'A role with this name already exists')}>
        error
      </button>
      <button
        type="button"
        onClick={() => {
          toast.show('success', 'Role saved successfully.');
          toast.show('error', 'A role with this name already exists');
        }}
      >
        both at once
      </button>
      <button
        type="button"
        onClick={() =>
          toast.show('error', 'Image size exceeds more than 2mb', { durationMs: TOAST_DURATIONS_MS.photoError })
        }
      >
        photo
      </button>
      <button
        type="button"
        onClick={() => {
          toast.show('success', 'User saved', { keepOnNavigate: true });
          navigate('/list');
        }}
      >
        save and go
      </button>
      <button type="button" onClick={() => toast.clear()}>
        clear
      </button>
      <button type="button" onClick={() => navigate('/other')}>
        other page
      </button>
      <button type="button" onClick={() => navigate('?view=trash')}>
        trash view
      </button>
      <button type="button" onClick={() => navigate('?textSearch=ann', { replace: true })}>
        search
      </button>
    </>
  );
}

function setup(path = '/page') {
  const clock = fakeClock();
  const router = createMemoryRouter(
    [
      {
        element: (
          <ToastProvider>
            <Outlet />
          </ToastProvider>
        ),
        children: [
          { path: '/page', element: <Page /> },
          { path: '/list', element: <Page /> },
          { path: '/other', element: <Page /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const click = (name: string) => clock.user.click(screen.getByRole('button', { name }));
  // in steps: each step of a toast's transitions is a timer set after React has rendered the previous one
  const advance = async (ms: number) => {
    for (let done = 0; done < ms; done += STEP_MS) await clock.advance(Math.min(STEP_MS, ms - done));
  };
  return { ...clock, advance, router, click };
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

/** Enough for a toast to finish leaving and the next one to come in (notistack's transitions). */
const TRANSITION_MS = 1200;
const STEP_MS = 100;

describe('the toast system', () => {
  it('shows a toast with a close button', async () => {
    const { click, user } = setup();
    await click('success');
    expect((await screen.findByRole('alert')).textContent).toBe('Role saved successfully.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('button', { name: 'success' });
    await expect.poll(alerts).toEqual([]);
  });

  it('replaces the current toast: an error never shows next to a success', async () => {
    const { click, advance } = setup();
    await click('success');
    await screen.findByText('Role saved successfully.');
    // the success leaves first: at no moment are both on screen
    let most = 0;
    const observer = new MutationObserver(() => {
      most = Math.max(most, document.querySelectorAll('[role="alert"]').length);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await click('error');
    await advance(TRANSITION_MS);
    observer.disconnect();
    expect(alerts()).toEqual(['A role with this name already exists']);
    expect(most).toBe(1);
  });

  it('shows only the last of two toasts shown at once', async () => {
    const { click, advance } = setup();
    await click('both at once');
    await advance(TRANSITION_MS);
    expect(alerts()).toEqual(['A role with this name already exists']);
    await advance(TRANSITION_MS);
    expect(alerts()).toEqual(['A role with this name already exists']);
  });

  it('hides a toast after the spec’s 5 s by default', async () => {
    const { click, advance } = setup();
    await click('success');
    await screen.findByRole('alert');
    await advance(TOAST_DURATIONS_MS.default - BEFORE_DUE_MS);
    expect(alerts()).toEqual(['Role saved successfully.']);
    await advance(BEFORE_DUE_MS + TRANSITION_MS);
    expect(alerts()).toEqual([]);
  });

  it('hides a toast after its own duration (the photo error’s 3 s)', async () => {
    const { click, advance } = setup();
    await click('photo');
    await screen.findByRole('alert');
    await advance(TOAST_DURATIONS_MS.photoError - BEFORE_DUE_MS);
    expect(alerts()).toEqual(['Image size exceeds more than 2mb']);
    await advance(BEFORE_DUE_MS + TRANSITION_MS);
    expect(alerts()).toEqual([]);
  });

  it('restarts the time of a toast shown again', async () => {
    const { click, advance } = setup();
    await click('success');
    await screen.findByRole('alert');
    await advance(TOAST_DURATIONS_MS.default - BEFORE_DUE_MS);
    await click('success');
    await advance(TOAST_DURATIONS_MS.default - BEFORE_DUE_MS);
    expect(alerts()).toEqual(['Role saved successfully.']);
  });

  it('is cleared by clear()', async () => {
    const { click, advance } = setup();
    await click('error');
    await screen.findByRole('alert');
    await click('clear');
    await advance(TRANSITION_MS);
    expect(alerts()).toEqual([]);
  });

  it.each([
    { how: 'another page', button: 'other page' },
    { how: 'a new view of the same page (the trash)', button: 'trash view' },
  ])('is cleared by a navigation to $how', async ({ button }) => {
    const { click, advance } = setup();
    await click('success');
    await screen.findByRole('alert');
    await click(button);
    await advance(TRANSITION_MS);
    expect(alerts()).toEqual([]);
  });

  it('is cleared by the browser’s back button', async () => {
    const { click, advance, router } = setup();
    await click('other page');
    await click('error');
    await screen.findByRole('alert');
    await router.navigate(-1);
    await advance(TRANSITION_MS);
    expect(router.state.location.pathname).toBe('/page');
    expect(alerts()).toEqual([]);
  });

  it('stays while the page only rewrites its own URL (a search)', async () => {
    const { click, advance, router } = setup();
    await click('success');
    await screen.findByRole('alert');
    await click('search');
    await advance(TRANSITION_MS);
    expect(router.state.location.search).toBe('?textSearch=ann');
    expect(alerts()).toEqual(['Role saved successfully.']);
  });

  it('keeps a toast meant for the next page across that navigation only', async () => {
    const { click, advance, router } = setup();
    await click('save and go');
    await advance(TRANSITION_MS);
    expect(router.state.location.pathname).toBe('/list');
    expect(alerts()).toEqual(['User saved']);
    await click('other page');
    await advance(TRANSITION_MS);
    expect(alerts()).toEqual([]);
  });

  it('does not carry a toast waiting for its turn past a navigation', async () => {
    const { click, advance } = setup();
    await click('success');
    await screen.findByRole('alert');
    await click('error');
    await click('other page');
    await advance(TRANSITION_MS * 2);
    expect(alerts()).toEqual([]);
  });
});
