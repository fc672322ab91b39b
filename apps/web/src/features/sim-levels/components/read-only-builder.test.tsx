import {
  AUTHORING_TEXTS,
  SIM_BUILDER_TEXTS as B,
  CREATE_LEVELS_TEXTS as T,
  BUILDER_VIEW_TEXTS as V,
} from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeLevel, makeScript, makeSim, SIM_ID } from '../testing/fixtures';
import { type Call, renderCreateLevels } from '../testing/harness';

/** The seeded supervisor's sim_list permission: view only. */
const SUPERVISOR = ['sim_list:view'];
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const buttons = (name: string | RegExp) => screen.getAllByRole('button', { name }) as HTMLButtonElement[];
/** Calls that could change something (and so be refused with 403): none may be made. */
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

async function hoverText(element: HTMLElement, text: string) {
  await userEvent.hover(element.parentElement as HTMLElement);
  expect(await screen.findByText(text)).toBeTruthy();
  await userEvent.unhover(element.parentElement as HTMLElement);
}

function scriptedSim() {
  const agent = makeScript('agent', 'Which day suits you?', { keywords: ['day'], hint_text: 'Offer a day' });
  return makeSim([makeLevel([makeScript('customer', 'Hello'), agent])]);
}

describe('the builder for a read-only user (issue 15)', () => {
  it('opens as VIEW SIM with every Create Levels control disabled, the spec tooltip on each', async () => {
    const { calls, router } = renderCreateLevels(scriptedSim(), undefined, undefined, SUPERVISOR);
    // a plain ?simId= link becomes the view
    await waitFor(() => expect(router.state.location.search).toBe(`?simId=${SIM_ID}&view=1`));
    // the banner and the top bar's subtitle both say VIEW SIM
    await waitFor(() => expect(screen.getByTestId('screen-subtitle').textContent).toBe(V.viewSim));
    expect(await screen.findAllByText(V.viewSim)).toHaveLength(2);
    expect(screen.getByText(V.noPermission)).toBeTruthy();
    expect(screen.queryByRole('button', { name: V.edit })).toBeNull();
    await screen.findByRole('listitem', { name: T.lineNumber(2) });

    const off: HTMLButtonElement[] = [
      button(T.addLevel),
      button(T.generateSim),
      button(T.import),
      button(T.renameLevelOf('Watch and Learn')),
      button(T.deleteLevelOf('Watch and Learn')),
      button(T.passCriteriaOf('Watch and Learn')),
      button(T.generateMissing),
      ...buttons(/^Add a line for /),
      ...buttons(T.editScript),
      ...buttons(T.deleteScript),
      ...buttons(T.generateAudio),
      button(T.recordAudio),
      button(T.keywords),
      button(T.manageTests),
      button(T.tryTest),
    ];
    expect(off.filter((b) => !b.disabled)).toEqual([]);
    await hoverText(button(T.renameLevelOf('Watch and Learn')), AUTHORING_TEXTS.noPermissionUpdate);
    await hoverText(button(T.keywords), AUTHORING_TEXTS.noPermissionUpdate);
    // Duplicate Sim makes a sim: sim_list create
    expect(button(T.duplicateSim).disabled).toBe(true);
    await hoverText(button(T.duplicateSim), AUTHORING_TEXTS.noPermissionCreate);
    // reading is not changing: export, print and preview stay
    expect([button(T.exportLevel), button(T.print), button(T.preview)].map((b) => b.disabled)).toEqual([
      false,
      false,
      false,
    ]);
    // NEXT moves on without saving the step
    await userEvent.click(button(T.next));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sims'));
    expect(writes(calls)).toEqual([]);
  });

  it('walks Basic Info and Select Avatars read-only, with no call that could be refused', async () => {
    const { calls } = renderCreateLevels(scriptedSim(), undefined, undefined, SUPERVISOR);
    await userEvent.click(await screen.findByRole('button', { name: V.openStep('Basic Info') }));
    const title = (await screen.findByRole('textbox', { name: B.title })) as HTMLInputElement;
    expect(title.readOnly).toBe(true);
    await userEvent.type(title, 'changed');
    expect(title.value).toBe('Refills');
    await userEvent.click(button(B.next));

    const frame = await screen.findByTestId('read-only-step');
    expect(await within(frame).findByRole('heading', { name: B.selectAvatarsTitle, hidden: true })).toBeTruthy();
    // the step's own controls are out of reach; the builder's NEXT moves on
    const inner = within(frame).getByRole('button', { name: B.next, hidden: true }) as HTMLButtonElement;
    expect(inner.matches(':disabled')).toBe(true);
    const nexts = screen.getAllByRole('button', { name: B.next });
    await userEvent.click(nexts[nexts.length - 1] as HTMLElement);
    expect(await screen.findByRole('heading', { name: T.title })).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('an author viewing gets the view hint and EDIT, which opens the same step for editing', async () => {
    const { router } = renderCreateLevels(scriptedSim(), undefined, `/sims/createsim?simId=${SIM_ID}&view=1`);
    expect(await screen.findByText(V.viewing)).toBeTruthy();
    await screen.findByRole('listitem', { name: T.lineNumber(2) });
    await hoverText(button(T.addLevel), V.viewOnly);
    await userEvent.click(button(V.edit));
    await waitFor(() => expect(router.state.location.search).toBe(`?simId=${SIM_ID}`));
    await waitFor(() => expect(button(T.addLevel).disabled).toBe(false));
    expect(screen.getByRole('heading', { name: T.title })).toBeTruthy();
  });
});
