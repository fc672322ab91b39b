import { AUTHORING_MESSAGES, AUTHORING_TEXTS, SIM_LIST_EMPTY_TEXTS as E, SIM_LIST_TEXTS as T } from '@sim/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';
import { testSim } from '../../../testing/sim-fixtures';

// the first render builds the whole app shell: give it more than the default second

const ALL = ['sim_list:view', 'sim_list:create', 'sim_list:update', 'sim_list:delete'];
const PRODUCT = { _id: '00000000-0000-4000-8000-000000000001', name: 'Scheduling', type: 'Voice Only' };
const SIM = { ...testSim([], { product: PRODUCT, activeStep: 0 }), built_by: 'Ada Lovelace' };

/** The server: one sim, unless searched for 'zzz' or filtered by product; an empty trash. */
function setup() {
  const user = makeUser();
  signIn(user);
  let deleted = false;
  mockFetch((url) => {
    switch (url.pathname) {
      case '/api/v1/permissions/user-details':
        return jsonResponse(userDetails(user, ALL));
      case '/api/v1/product':
        return jsonResponse({ success: true, products: [PRODUCT] });
      case '/api/v1/sims/listing': {
        const miss = url.searchParams.get('title') === 'zzz' || url.searchParams.get('product') === PRODUCT._id;
        const sims = miss || deleted ? [] : [SIM];
        return jsonResponse({ success: true, sims, total: sims.length });
      }
      case '/api/v1/sims/deleted-sims':
        return jsonResponse({ success: true, sims: [], total: 0 });
      case '/api/v1/sims/delete':
        deleted = true;
        return jsonResponse({ success: true, message: AUTHORING_MESSAGES.simDeleted });
      default:
        return undefined;
    }
  });
}

const spec = () => screen.queryByText(AUTHORING_TEXTS.emptyText);

describe('/sims: each empty list says why (issue 15)', () => {
  it('a search miss says so, and its button clears the search', async () => {
    setup();
    renderApp('/sims?textSearch=zzz');
    expect(await screen.findByText(E.searchMiss)).toBeTruthy();
    expect(spec()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: E.clearSearch }));
    expect(await screen.findByText(SIM.title)).toBeTruthy();
  });

  it('an empty product filter names the product', async () => {
    setup();
    renderApp(`/sims?product=${PRODUCT._id}`);
    expect(await screen.findByText(E.filterMiss(PRODUCT.name))).toBeTruthy();
    expect(spec()).toBeNull();
  });

  it('the empty trash says the trash is empty', async () => {
    setup();
    renderApp('/sims?view=trash');
    expect(await screen.findByText(E.trashEmpty)).toBeTruthy();
    expect(spec()).toBeNull();
  });

  it('"Sim moved to the trash" does not follow into the trash view', async () => {
    setup();
    renderApp('/sims');
    await userEvent.click(await screen.findByRole('button', { name: `${T.delete} ${SIM.title}` }));
    await userEvent.click(screen.getByRole('button', { name: T.deleteConfirm }));
    expect(await screen.findByText(AUTHORING_MESSAGES.simDeleted)).toBeTruthy();
    // the company now has none: the spec's texts
    expect(await screen.findByText(AUTHORING_TEXTS.emptyText)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: T.trash }));
    expect(await screen.findByText(E.trashEmpty)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(AUTHORING_MESSAGES.simDeleted)).toBeNull());
  });

  it('the eye icon opens the sim read-only', async () => {
    setup();
    const { router } = renderApp('/sims');
    await userEvent.click(await screen.findByRole('button', { name: `${T.view} ${SIM.title}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sims/createsim'));
    expect(router.state.location.search).toBe(`?simId=${SIM._id}&view=1`);
  });
});
