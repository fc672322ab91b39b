import { TAKE_SIM_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callSteps, details, fakeBrowser, renderTakeSim, serve, takeSimPath } from '../testing/take-sim-harness';

const LONG_LINK = `https://learning.example.com/${'very-long-path-'.repeat(5)}`;
const STATE = {
  mode: 'practice',
  type: 'training',
  documents: [{ id: 'd1', url: '/files/guide.pdf', fileName: 'Call guide.pdf', mimeType: 'application/pdf' }],
  hotLinks: ['https://crm.example.com', LONG_LINK],
};

/** MUI's useMediaQuery answers from window.matchMedia. */
function screenIsSmall(small: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: small,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    })),
  );
}

describe('the take-sim header', () => {
  it('shows the resources of the navigation state and the sim: demo, learning window, documents, hot links', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    serve({
      details: details(callSteps(), {
        sim: {
          captivate_url: '/learning/index.html',
          captivate_demo_video: { url: '/files/demo.mp4', fileName: 'demo.mp4' },
        },
      }),
    });
    renderTakeSim(takeSimPath(), STATE);
    const resources = await screen.findByRole('group', { name: T.resourcesMenu });

    await user.click(within(resources).getByRole('button', { name: T.captivateLearning }));
    expect(open).toHaveBeenCalledWith('/learning/index.html', '_blank', 'noopener,noreferrer');

    await user.click(within(resources).getByRole('button', { name: T.captivateDemo }));
    const demo = await screen.findByRole('dialog', { name: T.captivateDemo });
    expect(within(demo).getByLabelText(T.demoVideo).getAttribute('src')).toBe('/files/demo.mp4');
    await user.click(within(demo).getByRole('button', { name: T.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(resources).getByRole('button', { name: T.downloadDocuments }));
    const docs = await screen.findByRole('dialog', { name: T.downloadDocuments });
    expect(within(docs).getByRole('link', { name: 'Call guide.pdf' }).getAttribute('href')).toBe('/files/guide.pdf');
    await user.click(within(docs).getByRole('button', { name: T.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(resources).getByRole('button', { name: T.hotLinks }));
    const links = await screen.findByRole('dialog', { name: T.hotLinks });
    expect(within(links).getByRole('link', { name: 'https://crm.example.com' })).toBeTruthy();
    // cut at 55 characters with an ellipsis
    const long = within(links).getByRole('link', { name: `${LONG_LINK.slice(0, 55)}…` });
    expect(long.getAttribute('href')).toBe(LONG_LINK);
  });

  it('shows no resource button when there is none', async () => {
    fakeBrowser();
    serve({ details: details(callSteps()) });
    renderTakeSim();
    await screen.findByText('Hi, I would like to book a visit.');
    expect(screen.queryByRole('group', { name: T.resourcesMenu })).toBeNull();
    expect(screen.queryByRole('button', { name: T.resources })).toBeNull();
  });

  it('collapses the resources into a drawer on small screens', async () => {
    const user = userEvent.setup();
    screenIsSmall(true);
    fakeBrowser();
    serve({ details: details(callSteps()) });
    renderTakeSim(takeSimPath(), STATE);
    await user.click(await screen.findByRole('button', { name: T.resources }));
    const drawer = await screen.findByRole('list', { name: T.resourcesMenu });
    expect(
      within(drawer)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([T.downloadDocuments, T.hotLinks]);
    await user.click(within(drawer).getByRole('button', { name: T.hotLinks }));
    expect(await screen.findByRole('dialog', { name: T.hotLinks })).toBeTruthy();
  });
});
