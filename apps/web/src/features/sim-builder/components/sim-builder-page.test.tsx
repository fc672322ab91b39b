import {
  AUTHORING_MESSAGES,
  BUILDER_TUTORIAL,
  CREATE_LEVELS_TEXTS,
  DEFAULT_CHARACTERS,
  SIM_BUILDER_TEXTS as T,
  type TProduct,
} from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';
import { testSim } from '../../../testing/sim-fixtures';

// the first render builds the whole app shell: give it more than the default second

/** A call's JSON: Basic Information goes as multipart with its JSON in the `data` field. */
const sentJson = (body: BodyInit) => JSON.parse(String(body instanceof FormData ? body.get('data') : body));

const ALL = ['sim_list:view', 'sim_list:create', 'sim_list:update', 'sim_list:delete'];
const SIM_ID = '00000000-0000-4000-8000-0000000000aa';
const VOICE_ONLY: TProduct = { _id: '00000000-0000-4000-8000-000000000001', name: 'Training SIM', type: 'Voice Only' };
const INTERNAL: TProduct = {
  _id: '00000000-0000-4000-8000-000000000002',
  name: 'Training SIM - Internal Data',
  type: 'Internal Data',
};

function builderSim(activeStep: number, product: TProduct) {
  return testSim([], { product, activeStep }, { hot_links: ['https://example.com/a'], totalLevels: 1, totalSteps: 0 });
}

function setup({
  activeStep = 0,
  products = [VOICE_ONLY, INTERNAL],
  tutorial = null as { url: string; fileName: string } | null,
} = {}) {
  const user = makeUser();
  signIn(user);
  const calls: { method: string; path: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    if (init?.body) calls.push({ method: init.method ?? 'GET', path: url.pathname, body: sentJson(init.body) });
    switch (url.pathname) {
      case '/api/v1/permissions/user-details':
        return jsonResponse(userDetails(user, ALL));
      case '/api/v1/product':
        return jsonResponse({ success: true, products });
      case '/api/v1/sims/current-sim':
        return jsonResponse({
          success: true,
          sim: { ...builderSim(activeStep, products[0] ?? VOICE_ONLY), tutorial_video: tutorial },
        });
      case '/api/v1/sims/characters':
        return jsonResponse({
          success: true,
          defaults: true,
          sim_characters: DEFAULT_CHARACTERS.map((c) => ({ ...c, _id: null, sim_id: null })),
          selectVoices: {},
        });
      case '/api/v1/sims/basicInfo':
        return jsonResponse({ success: true, message: 'Sim saved successfully.', sim_id: SIM_ID, _id: SIM_ID });
      case '/api/v1/sims/full-details':
        return jsonResponse({ success: true, sim: { ...builderSim(2, products[0] ?? VOICE_ONLY), levels: [] } });
      case '/api/v1/sims/avatars/update-details':
        return jsonResponse({ success: true, message: 'ok', sim_characters: [] });
      default:
        return undefined;
    }
  });
  return calls;
}

const stepper = () => screen.getByRole('group', { name: T.stepper });
const disabled = (button: HTMLElement) => (button as HTMLButtonElement).disabled;

describe('Basic Information', () => {
  it('keeps NEXT disabled until title and description are set, then creates the sim', async () => {
    const calls = setup();
    const { router } = renderApp('/sims/createsim');
    const next = await screen.findByRole('button', { name: T.next });
    expect(disabled(next)).toBe(true);

    const title = screen.getByRole('textbox', { name: T.title });
    await userEvent.click(title);
    await userEvent.tab();
    expect(await screen.findByText(AUTHORING_MESSAGES.titleRequired)).toBeTruthy();

    await userEvent.type(title, 'Refills');
    expect(disabled(next)).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: T.description }), 'A refill call');
    expect(disabled(next)).toBe(false);
    // no sim yet: a blur does not create one
    expect(calls.filter((c) => c.path === '/api/v1/sims/basicInfo')).toHaveLength(0);

    await userEvent.click(next);
    await waitFor(() => expect(router.state.location.search).toBe(`?simId=${SIM_ID}`));
    const saved = calls.find((c) => c.path === '/api/v1/sims/basicInfo');
    expect(saved?.body).toMatchObject({
      title: 'Refills',
      description: 'A refill call',
      product_id: VOICE_ONLY._id,
      call_type: 'Physician Referral',
      activeStep: 1,
    });
    expect(saved?.body).not.toHaveProperty('_id');
  });

  it('saves on blur once the sim exists, keeping its links', async () => {
    const calls = setup();
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    const notes = await screen.findByRole('textbox', { name: T.adminNotes });
    await userEvent.type(notes, 'check');
    await userEvent.tab();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/sims/basicInfo')).toBe(true));
    expect(calls[0]?.body).toMatchObject({ _id: SIM_ID, admin_note: 'check', hot_links: ['https://example.com/a'] });
    expect(calls[0]?.body).not.toHaveProperty('activeStep');
  });

  it('hides the Data Input step for Voice Only products', async () => {
    setup();
    renderApp('/sims/createsim');
    await screen.findByRole('button', { name: T.next });
    expect(within(stepper()).queryByText('Data Input')).toBeNull();
    expect(within(stepper()).getByText('Create Levels')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: T.product }));
    await userEvent.click(await screen.findByRole('option', { name: INTERNAL.name }));
    expect(within(stepper()).getByText('Data Input')).toBeTruthy();
  });
});

describe('Select Avatars', () => {
  it('keeps NEXT disabled until all four characters have a name, then saves them', async () => {
    const calls = setup({ activeStep: 1 });
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    const customer = await screen.findByRole('region', { name: T.characterLabels.customer });
    const next = screen.getByRole('button', { name: T.next });
    expect(disabled(next)).toBe(false);
    expect(screen.getAllByRole('region')).toHaveLength(4);
    expect(within(customer).getAllByRole('radio')).toHaveLength(24);
    expect(
      within(customer)
        .getByRole('radio', { name: T.avatar(13) })
        .getAttribute('aria-checked'),
    ).toBe('true');

    const name = within(customer).getByRole('textbox', { name: T.name });
    await userEvent.clear(name);
    expect(disabled(next)).toBe(true);
    await userEvent.type(name, 'Maria');
    expect(disabled(next)).toBe(false);
    await userEvent.click(within(customer).getByRole('radio', { name: T.avatar(2) }));

    await userEvent.click(next);
    expect(await screen.findByRole('heading', { name: 'Create Levels' })).toBeTruthy();
    const saved = calls.find((c) => c.path === '/api/v1/sims/avatars/update-details');
    expect(saved?.method).toBe('PATCH');
    expect(saved?.body).toMatchObject({
      sim_id: SIM_ID,
      activeStep: 2,
      sim_characters: expect.arrayContaining([
        expect.objectContaining({ type: 'customer', name: 'Maria', avatar: 'avatar-2' }),
      ]),
    });
  });

  it('goes back to Basic Information', async () => {
    setup({ activeStep: 1 });
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: T.back }));
    const title = await screen.findByRole('textbox', { name: T.title });
    expect((title as HTMLInputElement).value).toBe('Refills');
  });
});

describe('TUTORIAL (the third step)', () => {
  it("shows on Create Levels only and opens the guide, with the sim's tutorial video when there is one", async () => {
    setup({ activeStep: 2, tutorial: { url: '/files/intro.mp4', fileName: 'intro.mp4' } });
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: BUILDER_TUTORIAL.button }));
    const dialog = await screen.findByRole('dialog', { name: BUILDER_TUTORIAL.title });
    expect(within(dialog).getByText(BUILDER_TUTORIAL.simVideo('intro.mp4'))).toBeTruthy();
    expect(dialog.querySelector('video')?.getAttribute('src')).toBe('/files/intro.mp4');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(BUILDER_TUTORIAL.steps.length);
    await userEvent.click(within(dialog).getByRole('button', { name: BUILDER_TUTORIAL.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the sim has no tutorial video, and is not on the other steps', async () => {
    setup({ activeStep: 2 });
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: BUILDER_TUTORIAL.button }));
    expect(await screen.findByText(BUILDER_TUTORIAL.noSimVideo)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: BUILDER_TUTORIAL.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: CREATE_LEVELS_TEXTS.back }));
    expect(await screen.findByRole('heading', { name: T.selectAvatarsTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: BUILDER_TUTORIAL.button })).toBeNull();
  });
});
