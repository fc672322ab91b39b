import type { TAutopopulateTarget } from '@sim/shared';
import { AUTHORING_TEXTS, SCRIPT_TOOLS_MESSAGES as M, SCRIPT_TOOLS_TEXTS as T, type TLayout } from '@sim/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Call, makeLevel, makeScript, mockApi, ok, renderDialog, SCRIPT_ID, SIM_ID } from '../testing/fixtures';
import { AutopopulateDialog } from './autopopulate-dialog';

const field = (title: string, attribute: string, value = '') => ({
  field_title: title,
  attribute_name: attribute,
  type: 'text',
  options: [],
  value,
  is_scorable: true,
  is_enabled: true,
});

const LAYOUT: TLayout = {
  type: 'case',
  excel_sheet_name: 'Case',
  tabs: [
    {
      tab_name: 'Details',
      sections: [
        {
          section_name: 'Case Information',
          fields: [field('Subject', 'subject', 'Appointment'), field('Status', 'status', 'New')],
        },
        { section_name: 'Web Information', fields: [field('Web Email', 'web_email', 'maria@example.com')] },
      ],
    },
    { tab_name: 'History', sections: [{ section_name: 'Additional Information', fields: [field('Notes', 'notes')] }] },
  ],
};

function setup({
  layouts = [LAYOUT],
  stored = null as TAutopopulateTarget[] | null,
  timer = null as number | null,
} = {}) {
  const calls = mockApi((call: Call) => {
    if (call.path === '/api/v1/layoutData/fetch')
      return ok({ layoutString: layouts.length ? JSON.stringify(layouts) : '', layouts });
    if (call.path === '/api/v1/sims/scripts') return ok({ script: makeScript(), level: makeLevel() });
    return undefined;
  });
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderDialog(
    <AutopopulateDialog
      open
      simId={SIM_ID}
      script={makeScript({ autopopulate_data: stored, autopopulate_timer: timer })}
      onClose={onClose}
      onSaved={onSaved}
    />,
  );
  return { calls, onSaved, onClose };
}

const saves = (calls: Call[]) => calls.filter((c) => c.path === '/api/v1/sims/scripts');

async function chooseTab(name: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: T.selectTab }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('AutopopulateDialog', () => {
  it('saves the timer and the chosen fields of a tab', async () => {
    const { calls, onSaved, onClose } = setup();
    expect(screen.getByRole('dialog', { name: AUTHORING_TEXTS.autopopulateTitle })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/layoutData/fetch')).toBe(true));
    expect(calls[0]?.query.get('sim_id')).toBe(SIM_ID);
    await chooseTab('Details');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Subject' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Web Email' }));
    const timer = screen.getByRole('textbox', { name: T.startAfterLabel });
    await userEvent.clear(timer);
    await userEvent.type(timer, '5');
    expect(screen.getByText(T.startAfter(5))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: T.setAutopopulate }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saves(calls)[0]?.body).toEqual({
      _id: SCRIPT_ID,
      sim_id: SIM_ID,
      autopopulate_timer: 5,
      autopopulate_data: [
        {
          type: 'case',
          tab_name: 'Details',
          section_name: 'Case Information',
          field_title: 'Subject',
          attribute_name: 'subject',
          value: 'Appointment',
        },
        {
          type: 'case',
          tab_name: 'Details',
          section_name: 'Web Information',
          field_title: 'Web Email',
          attribute_name: 'web_email',
          value: 'maria@example.com',
        },
      ],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('opens on the tab of the saved targets with them checked; Reset clears them', async () => {
    const stored = [
      {
        type: 'case',
        tab_name: 'History',
        section_name: 'Additional Information',
        field_title: 'Notes',
        attribute_name: 'notes',
        value: '',
      },
    ];
    const { calls } = setup({ stored, timer: 8 });
    const notes = (await screen.findByRole('checkbox', { name: 'Notes' })) as HTMLInputElement;
    expect(notes.checked).toBe(true);
    expect((screen.getByRole('textbox', { name: T.startAfterLabel }) as HTMLInputElement).value).toBe('8');
    await userEvent.click(screen.getByRole('button', { name: T.reset }));
    expect(screen.queryByRole('checkbox', { name: 'Notes' })).toBeNull();
    expect((screen.getByRole('textbox', { name: T.startAfterLabel }) as HTMLInputElement).value).toBe('0');
    await userEvent.click(screen.getByRole('button', { name: T.setAutopopulate }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toMatchObject({ autopopulate_timer: null, autopopulate_data: null });
  });

  it('refuses a timer that is not a whole number of seconds', async () => {
    const { calls } = setup();
    const timer = screen.getByRole('textbox', { name: T.startAfterLabel });
    await userEvent.clear(timer);
    await userEvent.type(timer, '2.5');
    await userEvent.click(screen.getByRole('button', { name: T.setAutopopulate }));
    expect(screen.getByText(M.timerRange)).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);
  });

  it('says when the sim has no layout', async () => {
    setup({ layouts: [] });
    expect(await screen.findByText(T.noLayout)).toBeTruthy();
  });
});
