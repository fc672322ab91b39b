import { DATA_INPUT_MESSAGES, TAKE_SIM_TEXTS as T, TAKE_SIM_MESSAGES, type TLayout } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../testing/fake-timers';
import { layoutField as field } from '../../../testing/layout-fixtures';
import {
  ATTEMPT_ID,
  details,
  failure,
  fakeBrowser,
  renderTakeSim,
  SIM_ID,
  serve,
  step,
} from '../testing/take-sim-harness';

const CASE_LAYOUT: TLayout = {
  type: 'case',
  excel_sheet_name: 'Layout',
  tabs: [
    {
      tab_name: 'Details',
      sections: [
        {
          section_name: 'Caller',
          fields: [
            field({
              field_title: 'Caller Name',
              attribute_name: 'caller_name',
              is_scorable: true,
              value: 'Maria Lopez',
            }),
            field({
              field_title: 'Reason',
              attribute_name: 'reason',
              type: 'picklist',
              options: ['Appointment', 'Billing'],
              is_scorable: true,
              value: 'Appointment',
            }),
            field({ field_title: 'Case Id', attribute_name: 'case_id', is_enabled: false, value: '17' }),
          ],
        },
      ],
    },
  ],
};
const ACCOUNT_LAYOUT: TLayout = {
  type: 'account',
  excel_sheet_name: 'Layout',
  tabs: [
    {
      tab_name: 'Account',
      sections: [{ section_name: 'Plan', fields: [field({ field_title: 'Plan', attribute_name: 'plan' })] }],
    },
  ],
};

function internalData(level = {}) {
  const steps = [
    step('customer', 'Hi, this is Maria Lopez.', {
      autopopulate_timer: 2,
      autopopulate_data: [{ type: 'case', tab_name: 'Details', attribute_name: 'reason', value: 'Billing' }],
    }),
    step('agent', 'How can I help you today?'),
  ];
  return details(steps, {
    sim: { product_type: 'Internal Data', product_name: 'Training SIM - Internal Data' },
    layouts: [CASE_LAYOUT, ACCOUNT_LAYOUT],
    level,
  });
}

const panel = () => screen.getByRole('complementary', { name: T.casePanel });

describe('the case panel of an Internal Data sim', () => {
  it('checks the case number: required, then numeric; loads the case into the fields', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({
      details: internalData(),
      override: (call) =>
        call.path === '/case-service/api/v1/case-details'
          ? call.query.get('caseNumber') === '404'
            ? failure(404, DATA_INPUT_MESSAGES.caseNotLoaded, 'NOT_FOUND')
            : {
                success: true,
                message: DATA_INPUT_MESSAGES.caseLoaded,
                caseNumber: 17,
                details: { caller_name: 'Maria Lopez', plan: 'Gold' },
              }
          : undefined,
    });
    renderTakeSim();
    await screen.findByRole('complementary', { name: T.casePanel });
    const box = within(panel());
    // a scored field starts empty (its value is the answer); a disabled one shows its value
    expect((box.getByRole('textbox', { name: 'Caller Name' }) as HTMLInputElement).value).toBe('');
    expect((box.getByRole('textbox', { name: 'Case Id' }) as HTMLInputElement).disabled).toBe(true);

    await user.click(box.getByRole('button', { name: T.loadCase }));
    expect(box.getByText(TAKE_SIM_MESSAGES.caseNumberRequired)).toBeTruthy();
    await user.type(box.getByRole('textbox', { name: T.caseNumber }), '12a');
    await user.click(box.getByRole('button', { name: T.loadCase }));
    expect(box.getByText(TAKE_SIM_MESSAGES.caseNumberNumeric)).toBeTruthy();
    expect(server.to('/case-service/api/v1/case-details')).toHaveLength(0);

    await user.clear(box.getByRole('textbox', { name: T.caseNumber }));
    await user.type(box.getByRole('textbox', { name: T.caseNumber }), '404{Enter}');
    expect(await screen.findByText(DATA_INPUT_MESSAGES.caseNotLoaded)).toBeTruthy();

    await user.clear(box.getByRole('textbox', { name: T.caseNumber }));
    await user.type(box.getByRole('textbox', { name: T.caseNumber }), '17');
    await user.click(box.getByRole('button', { name: T.loadCase }));
    expect(await screen.findByText(DATA_INPUT_MESSAGES.caseLoaded)).toBeTruthy();
    expect(server.to('/case-service/api/v1/case-details').at(-1)?.query.get('caseNumber')).toBe('17');
    expect((box.getByRole('textbox', { name: 'Caller Name' }) as HTMLInputElement).value).toBe('Maria Lopez');
    expect(box.getByText(T.caseLoadedNumber(17))).toBeTruthy();

    // the Case/Account toggle shows the account layout, filled from the case too
    await user.click(box.getByRole('button', { name: T.caseKinds.account }));
    expect((box.getByRole('textbox', { name: 'Plan' }) as HTMLInputElement).value).toBe('Gold');
  });

  it('auto-populates the clip’s fields after its timer on an auto-populate level, and saves the inputs', async () => {
    const { user, advance } = fakeClock();
    fakeBrowser();
    const server = serve({ details: internalData({ auto_populate: true }) });
    renderTakeSim();
    await screen.findByRole('complementary', { name: T.casePanel });
    const box = within(panel());
    const reason = () => box.getByRole('combobox', { name: 'Reason' });
    expect(reason().textContent).not.toContain('Billing');
    await advance(2000);
    await waitFor(() => expect(reason().textContent).toContain('Billing'));
    expect(box.getByText(T.autopopulated(1))).toBeTruthy();

    await user.type(box.getByRole('textbox', { name: 'Caller Name' }), 'Maria');
    await user.click(box.getByRole('button', { name: T.saveInputs }));
    expect(await screen.findByText(TAKE_SIM_MESSAGES.inputsSaved)).toBeTruthy();
    const save = server.to('/api/v1/sims/save-take-sim-input-details')[0];
    expect(save?.query.get('simId')).toBe(SIM_ID);
    expect(save?.query.get('userResponseId')).toBe(ATTEMPT_ID);
    expect((save?.body as { inputs: unknown[] } | undefined)?.inputs).toEqual([
      {
        field_id: 'case|Details|Caller|caller_name',
        field_title: 'Caller Name',
        kind: 'typing',
        input_value: 'Maria',
        target_value: 'Maria Lopez',
      },
      {
        field_id: 'case|Details|Caller|reason',
        field_title: 'Reason',
        kind: 'selection',
        input_value: 'Billing',
        target_value: 'Appointment',
      },
      {
        field_id: 'account|Account|Plan|plan',
        field_title: 'Plan',
        kind: 'typing',
        input_value: '',
        target_value: null,
      },
    ]);
    // the banner shows for 6 seconds (not the 5 of other messages)
    await advance(5000);
    expect(screen.queryByText(TAKE_SIM_MESSAGES.inputsSaved)).toBeTruthy();
    await advance(1000);
    await waitFor(() => expect(screen.queryByText(TAKE_SIM_MESSAGES.inputsSaved)).toBeNull());
  });

  it('leaves the fields alone on a level that does not auto-populate', async () => {
    const { advance } = fakeClock();
    fakeBrowser();
    serve({ details: internalData({ auto_populate: false }) });
    renderTakeSim();
    await screen.findByRole('complementary', { name: T.casePanel });
    await advance(3000);
    expect(within(panel()).getByRole('combobox', { name: 'Reason' }).textContent).not.toContain('Billing');
  });

  it('is not shown for a Voice Only sim', async () => {
    fakeBrowser();
    serve({ details: details([step('customer', 'Hello.')], { layouts: [CASE_LAYOUT] }) });
    renderTakeSim();
    await screen.findByText('Hello.');
    expect(screen.queryByRole('complementary', { name: T.casePanel })).toBeNull();
  });
});
