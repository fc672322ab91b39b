import { GRADING_MESSAGES, SCRIPT_TOOLS_MESSAGES, SCRIPT_TOOLS_TEXTS as T, type TScript } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type Call,
  makeLevel,
  makeScript,
  mockApi,
  ok,
  refusal,
  renderDialog,
  SCRIPT_ID,
  SIM_ID,
} from '../testing/fixtures';
import { ManageTestsDialog } from './manage-tests-dialog';

// the first render builds the whole app shell: give it more than the default second

const GREETING = {
  name: 'Greeting',
  isFlexible: true,
  keywords: ['thank you for calling'],
  coachFeedback: 'Greet',
  confidence: 70,
};
const BOOKING = { name: 'Booking', isFlexible: false, keywords: ['book | schedule'], confidence: 100 };

/** The server keeps the tests it is sent and answers the saved script. */
function setup(tests: TScript['tests'] = [], answer?: (call: Call) => Response) {
  const calls = mockApi((call) => {
    if (call.path !== '/api/v1/sims/scripts') return undefined;
    if (answer) return answer(call);
    const body = call.body as { tests: TScript['tests'] };
    const script = makeScript({ tests: body.tests.map((t) => ({ ...t, coachFeedback: t.coachFeedback })) });
    return ok({
      message: 'Script saved successfully.',
      sim_script_id: SCRIPT_ID,
      sim_level_id: script.sim_level_id,
      script,
      level: makeLevel(),
    });
  });
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderDialog(
    <ManageTestsDialog open simId={SIM_ID} script={makeScript({ tests })} onClose={onClose} onSaved={onSaved} />,
  );
  return { calls, onSaved, onClose };
}

const tests = () => screen.getByRole('group', { name: T.tests });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const saveTest = () => userEvent.click(screen.getByRole('button', { name: T.saveTest }));

describe('ManageTestsDialog', () => {
  it("asks for a name and at least one keyword: 'Please enter a name for the test'", async () => {
    const { calls } = setup();
    expect(screen.getByText(T.noTestsYet)).toBeTruthy();
    expect(screen.getByRole('heading', { name: T.newTest })).toBeTruthy();
    await saveTest();
    expect(screen.getByText(GRADING_MESSAGES.testNameRequired)).toBeTruthy();
    expect(screen.getByText(GRADING_MESSAGES.testKeywordRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('adds a flexible test: confidence is an integer, non-numeric input is 0', async () => {
    const { calls, onSaved } = setup();
    await userEvent.type(field(T.testName), '  Greeting ');
    await userEvent.type(field(T.coachIntention), 'Greet the caller');
    await userEvent.type(field(T.keywordInput), 'thank you for calling, Demo Health{Enter}');
    const confidence = field(T.confidence);
    await userEvent.clear(confidence);
    await userEvent.type(confidence, 'abc');
    await userEvent.tab();
    expect(confidence.value).toBe('0');
    await saveTest();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({
      _id: SCRIPT_ID,
      sim_id: SIM_ID,
      tests: [
        {
          name: 'Greeting',
          isFlexible: true,
          keywords: ['thank you for calling', 'Demo Health'],
          coachFeedback: 'Greet the caller',
          confidence: 0,
        },
      ],
    });
    // the saved test gets its button and is selected
    const button = within(tests()).getByRole('button', { name: 'Greeting' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(SCRIPT_TOOLS_MESSAGES.testSaved)).toBeTruthy();
  });

  it('hides Confidence % for a strict test, which is saved with 100', async () => {
    const { calls } = setup();
    await userEvent.type(field(T.testName), 'Exact');
    await userEvent.type(field(T.keywordInput), '72.5{Enter}');
    await userEvent.click(screen.getByRole('radio', { name: T.strict }));
    expect(screen.queryByRole('textbox', { name: T.confidence })).toBeNull();
    await saveTest();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      tests: [{ name: 'Exact', isFlexible: false, keywords: ['72.5'], confidence: 100 }],
    });
  });

  it('edits an existing test and sends the whole list', async () => {
    const { calls } = setup([GREETING, BOOKING]);
    expect(within(tests()).getByRole('button', { name: 'Greeting' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(tests()).getByRole('button', { name: 'Booking' }));
    expect(field(T.testName).value).toBe('Booking');
    expect((screen.getByRole('radio', { name: T.strict }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: T.flexible }));
    const confidence = field(T.confidence);
    await userEvent.clear(confidence);
    await userEvent.type(confidence, '85');
    await saveTest();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]?.body as { tests: unknown } | undefined)?.tests).toEqual([
      GREETING,
      { name: 'Booking', isFlexible: true, keywords: ['book | schedule'], confidence: 85 },
    ]);
  });

  it('deletes a test after confirming', async () => {
    const { calls } = setup([GREETING, BOOKING]);
    await userEvent.click(screen.getByRole('button', { name: T.deleteTest }));
    const confirm = screen.getByRole('dialog', { name: T.deleteTestTitle });
    expect(within(confirm).getByText(T.deleteTestMessage('Greeting'))).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: T.deleteConfirm }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]?.body as { tests: unknown } | undefined)?.tests).toEqual([BOOKING]);
    await waitFor(() => expect(within(tests()).queryByRole('button', { name: 'Greeting' })).toBeNull());
    expect(screen.getByText(SCRIPT_TOOLS_MESSAGES.testDeleted)).toBeTruthy();
  });

  it("shows the server's refusal and keeps the list", async () => {
    setup([GREETING], () => refusal(400, 'Put a word on each side of & or |', 'INVALID_INPUT'));
    await userEvent.type(field(T.testName), ' again');
    await saveTest();
    expect(await screen.findByText('Put a word on each side of & or |')).toBeTruthy();
    expect(within(tests()).getByRole('button', { name: 'Greeting' })).toBeTruthy();
  });

  it('opens the Try Test view with Try Out, and + starts a new test', async () => {
    setup([GREETING]);
    await userEvent.click(screen.getByRole('button', { name: T.addTest }));
    expect(screen.getByRole('heading', { name: T.newTest })).toBeTruthy();
    expect(field(T.testName).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: T.tryOut }));
    const tryTest = await screen.findByRole('dialog', { name: T.tryTestTitle });
    expect(within(tryTest).getByRole('button', { name: T.startRecording })).toBeTruthy();
  });
});
