import { RESULT_TEXTS, TAKE_SIM_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../testing/fake-timers';
import {
  ASSIGNMENT_ID,
  agentLine,
  CUSTOMER_LINE,
  characterLine,
  LEARNER_ID,
  LEVEL_ID,
  makeResult,
  SIM_ID,
} from '../testing/fixtures';
import { ok, refusal } from '../testing/harness';
import { QUERY, serveResult as setup } from '../testing/serve-result';

const factOf = (label: string) => screen.getByLabelText(label).textContent;

describe('the result view', () => {
  it('asks for the level’s result and shows the left panel, figures and case inputs', async () => {
    const { to } = setup();
    expect(await screen.findByRole('heading', { name: T.resultOf('Try w/ scripts') })).toBeTruthy();
    const [call] = to('/api/v1/sims/result');
    expect(call?.method).toBe('POST');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ user_id: LEARNER_ID });
    expect(call?.body).toEqual({ assignment_id: ASSIGNMENT_ID, sim_id: SIM_ID, levelId: LEVEL_ID });

    expect(factOf('Sim')).toBe('Cardiology bookings');
    expect(screen.getByTestId('completed-on').textContent).toBe('03-04-2030');
    expect(factOf('Mode')).toBe('Practice');
    expect(factOf('Level')).toBe('Level 3: Try w/ scripts');
    expect(screen.getByTestId('total-time').textContent).toBe('1m 5s');
    expect(screen.getByTestId('wrap-time').textContent).toBe(RESULT_TEXTS.emptyTime);

    const figures = screen.getByRole('region', { name: T.resultTitle });
    expect(within(figures).getByLabelText(T.figures.keyword).textContent).toBe('50%');
    expect(within(figures).getByLabelText(T.figures.typing).textContent).toBe('100%');
    expect(within(figures).getByLabelText(T.figures.dataSelection).textContent).toBe('N/A');
    expect(within(figures).getByLabelText(T.figures.overall).textContent).toBe('75%');

    const inputs = screen.getByRole('region', { name: 'Case data' });
    expect(within(inputs).getByRole('listitem', { name: 'Last name: matches the target' })).toBeTruthy();
    expect(within(inputs).getByRole('listitem', { name: 'Phone: does not match the target' })).toBeTruthy();
    expect(within(inputs).getAllByTestId('input-tick')).toHaveLength(1);
    // no breadcrumb with sim_id; the learner's Re-take, no reviewer buttons
    expect(screen.queryByRole('link', { name: RESULT_TEXTS.dashboard })).toBeNull();
    expect(screen.queryByRole('button', { name: RESULT_TEXTS.pass })).toBeNull();
    expect(screen.queryByRole('button', { name: RESULT_TEXTS.viewOtherLevel })).toBeNull();
  });

  it('shows the spinner and asks again every 5 s until every agent line is Completed', async () => {
    const { advance } = fakeClock();
    let answers = 0;
    const pending = makeResult({
      all_completed: false,
      keyword_accuracy: null,
      scripts: [characterLine(0, CUSTOMER_LINE), agentLine(1, { status: 'Pending', grade_score: 0 })],
    });
    const { to } = setup(() => {
      answers += 1;
      return ok({ ...(answers < 3 ? pending : makeResult()) });
    });
    expect(await screen.findByText('The recordings are still being processed…')).toBeTruthy();
    expect(screen.getByText(T.stillProcessing)).toBeTruthy();
    await advance(5000);
    await waitFor(() => expect(to('/api/v1/sims/result')).toHaveLength(2));
    await advance(5000);
    await waitFor(() => expect(to('/api/v1/sims/result')).toHaveLength(3));
    await waitFor(() => expect(screen.queryByText('The recordings are still being processed…')).toBeNull());
    expect(screen.getByRole('region', { name: T.resultTitle }).textContent).toContain('50%');
    await advance(15000);
    expect(to('/api/v1/sims/result')).toHaveLength(3);
  });

  it('Voice Only: no typing or data figures, no case panel, the wide transcript', async () => {
    setup(makeResult({ product_type: 'Voice Only', product_name: 'Training SIM' }));
    const figures = await screen.findByRole('region', { name: T.resultTitle });
    expect(within(figures).queryByLabelText(T.figures.typing)).toBeNull();
    expect(within(figures).queryByLabelText(T.figures.dataSelection)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Case data' })).toBeNull();
    expect(screen.getByTestId('transcript-column').dataset.columns).toBe('9');
  });

  it('keyword accuracy N/A on level order 1; typing and data N/A when the level auto-populates', async () => {
    setup(
      makeResult({
        level: { _id: LEVEL_ID, name: 'Full', order: 1, sim_id: SIM_ID, send_to_snowfly: false },
        auto_populate: true,
      }),
    );
    const figures = await screen.findByRole('region', { name: T.resultTitle });
    expect(within(figures).getByLabelText(T.figures.keyword).textContent).toBe('N/A');
    expect(within(figures).getByLabelText(T.figures.typing).textContent).toBe('N/A');
    expect(screen.getByTestId('transcript-column').dataset.columns).toBe('5');
  });

  it('Re-take (tooltip) goes back to the dashboard with the return query and state', async () => {
    const user = userEvent.setup();
    setup();
    const retake = await screen.findByRole('button', { name: RESULT_TEXTS.retake });
    await user.hover(retake);
    expect(await screen.findByRole('tooltip', { name: RESULT_TEXTS.retakeTooltip })).toBeTruthy();
    await user.click(retake);
    const probe = await screen.findByTestId('dashboard');
    expect(probe.textContent).toBe(
      `/dashboard?exit=true&type=training&assigned_to_id=${LEARNER_ID}|${JSON.stringify({
        sim_id: SIM_ID,
        assigned_to_id: LEARNER_ID,
        assignment_id: ASSIGNMENT_ID,
      })}`,
    );
  });

  it('without sim_id: the breadcrumb Dashboard, and the sim read from the assignment', async () => {
    const { to } = setup(makeResult(), { ...QUERY, sim_id: '' });
    expect(await screen.findByRole('link', { name: RESULT_TEXTS.dashboard })).toBeTruthy();
    expect(Object.fromEntries(to('/api/v1/sims/learner-sim')[0]?.query ?? [])).toEqual({
      assignment_id: ASSIGNMENT_ID,
    });
    expect(to('/api/v1/sims/result')[0]?.body).toMatchObject({ sim_id: SIM_ID });
  });

  it('says No results found on a 404, and shows other failures with a retry', async () => {
    setup(() => refusal(404, RESULT_TEXTS.resultNotFound, 'NOT_FOUND'));
    expect(await screen.findByText(RESULT_TEXTS.noResults)).toBeTruthy();
  });

  it('asks for the level again when the link is incomplete', async () => {
    setup(makeResult(), { ...QUERY, levelId: '' });
    expect(await screen.findByText(T.missingParams)).toBeTruthy();
  });
});
