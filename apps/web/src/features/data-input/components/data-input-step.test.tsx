import { DATA_INPUT_MESSAGES as M, DATA_INPUT_STEP_TEXTS as T, type TLayout, type TProduct } from '@sim/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutField as field } from '../../../testing/layout-fixtures';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';
import { testSim } from '../../../testing/sim-fixtures';

const ALL = ['sim_list:view', 'sim_list:create', 'sim_list:update', 'sim_list:delete'];
const SIM_ID = '00000000-0000-4000-8000-0000000000bb';
const INTERNAL: TProduct = {
  _id: '00000000-0000-4000-8000-000000000002',
  name: 'Training SIM - Internal Data',
  type: 'Internal Data',
};

const CASE_LAYOUT: TLayout = {
  type: 'case',
  excel_sheet_name: 'Layout',
  tabs: [
    {
      tab_name: 'Details',
      sections: [
        {
          section_name: 'Case Information',
          fields: [
            field({ field_title: 'Subject', attribute_name: 'subject' }),
            field({ field_title: 'Status', attribute_name: 'status', type: 'picklist', options: ['New', 'Closed'] }),
            field({ field_title: 'Opened', attribute_name: 'opened', type: 'date' }),
            field({ field_title: 'Urgent', attribute_name: 'urgent', type: 'checkbox', value: 'false' }),
            field({ field_title: 'Case Id', attribute_name: 'case_id', is_enabled: false, value: '17' }),
          ],
        },
        {
          section_name: 'Description Information',
          fields: [field({ field_title: 'Notes', attribute_name: 'notes', type: 'textarea' })],
        },
      ],
    },
    {
      tab_name: 'Web',
      sections: [
        {
          section_name: 'Web Information',
          fields: [field({ field_title: 'Visits', attribute_name: 'visits', type: 'number' })],
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
      sections: [
        { section_name: 'Account Information', fields: [field({ field_title: 'Name', attribute_name: 'name' })] },
      ],
    },
  ],
};

function builderSim() {
  return testSim(
    [],
    { product: INTERNAL, activeStep: 3 },
    { _id: SIM_ID, title: 'Referrals', description: 'A referral call', totalLevels: 1, totalSteps: 0 },
  );
}

interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

function setup(layouts: TLayout[], handlers: Record<string, (url: URL, init?: RequestInit) => Response> = {}) {
  const user = makeUser();
  signIn(user);
  const calls: Call[] = [];
  mockFetch((url, init) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, search: url.search, body });
    const handler = handlers[url.pathname];
    if (handler) return handler(url, init);
    switch (url.pathname) {
      case '/api/v1/permissions/user-details':
        return jsonResponse(userDetails(user, ALL));
      case '/api/v1/product':
        return jsonResponse({ success: true, products: [INTERNAL] });
      case '/api/v1/sims/current-sim':
        return jsonResponse({ success: true, sim: builderSim() });
      case '/api/v1/sims/get-keywords':
        return jsonResponse({ success: true, layoutString: '', layouts: [], sheet_name: '' });
      case '/api/v1/layoutData/fetch':
        return jsonResponse({ success: true, layoutString: layouts.length ? JSON.stringify(layouts) : '', layouts });
      case '/case-service/api/v1/case/ids':
        return jsonResponse({ success: true, ids: [1001, 1002] });
      case '/case-service/api/v1/case-details':
        return url.searchParams.get('caseNumber') === '1001'
          ? jsonResponse({
              success: true,
              message: M.caseLoaded,
              caseNumber: 1001,
              details: { subject: 'Refill for Maria', status: 'Closed', urgent: 'Yes', unknown: 'x' },
            })
          : jsonResponse({ success: false, message: M.caseNotLoaded, code: 'NOT_FOUND' }, 404);
      case '/api/v1/layoutData/save':
        return jsonResponse({ success: true, layouts: (body as { layouts: TLayout[] }).layouts });
      case '/api/v1/sims/active-step':
        return jsonResponse({ success: true, message: 'ok', activeStep: 3 });
      default:
        return undefined;
    }
  });
  return calls;
}

const open = () => renderApp(`/sims/createsim?simId=${SIM_ID}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Data Input', () => {
  it('shows the layout as tabs, sections and fields, by type, disabled when not enabled', async () => {
    const calls = setup([CASE_LAYOUT, ACCOUNT_LAYOUT]);
    open();
    const tabs = await screen.findByRole('tablist', { name: T.tabs('Case') });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Details', 'Web']);
    expect(screen.getByRole('region', { name: 'Case Information' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Description Information' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(screen.getByLabelText('Opened').getAttribute('type')).toBe('date');
    expect(screen.getByRole('checkbox', { name: 'Urgent' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).tagName).toBe('TEXTAREA');
    const caseId = screen.getByRole('textbox', { name: 'Case Id' }) as HTMLInputElement;
    expect(caseId.disabled).toBe(true);
    expect(caseId.value).toBe('17');

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Web' }));
    expect(screen.getByRole('region', { name: 'Web Information' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Visits' })).toBeTruthy();

    // the toggle shows the account layout; Load Case Details is for the case layout only
    expect(screen.getByRole('button', { name: T.loadCase })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: T.typeLabels.account }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.loadCase })).toBeNull();
    // get-keywords answered no layout: the layout fetch was asked
    expect(calls.some((c) => c.path === '/api/v1/layoutData/fetch' && c.search === `?sim_id=${SIM_ID}`)).toBe(true);
  });

  it('says so when there is no layout yet', async () => {
    setup([]);
    open();
    expect(await screen.findByText(T.noLayout('case'))).toBeTruthy();
    expect((screen.getByRole('button', { name: T.loadCase }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a file that is not .xlsx or .csv, and uploads an .xlsx as the chosen layout', async () => {
    const calls = setup([], {
      [`/api/v1/sims/upload-keyword/${SIM_ID}`]: () =>
        jsonResponse({ success: true, message: M.uploaded, layout: ACCOUNT_LAYOUT }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: T.typeLabels.account }));
    await userEvent.click(screen.getByRole('button', { name: T.uploadExcel }));
    const dialog = await screen.findByRole('dialog', { name: T.uploadExcelTitle });
    const input = within(dialog).getByLabelText(T.excelInput);
    fireEvent.change(input, {
      target: { files: [new File(['a'], 'layout.xls', { type: 'application/vnd.ms-excel' })] },
    });
    expect(await within(dialog).findByText(M.xlsxOnly)).toBeTruthy();
    const upload = within(dialog).getByRole('button', { name: T.upload }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);

    fireEvent.change(input, { target: { files: [new File(['a'], 'layout.xlsx', { type: '' })] } });
    expect(within(dialog).queryByText(M.xlsxOnly)).toBeNull();
    await userEvent.click(upload);
    expect(await screen.findByText(M.uploaded.trim())).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeTruthy();
    const sent = calls.find((c) => c.path === `/api/v1/sims/upload-keyword/${SIM_ID}`);
    const form = sent?.body as FormData;
    expect(form.get('sim_id')).toBe(SIM_ID);
    expect(form.get('type')).toBe('account');
    expect((form.get('file') as File).name).toBe('layout.xlsx');
  });

  it("shows the server's message when the upload is refused", async () => {
    setup([], {
      [`/api/v1/sims/upload-keyword/${SIM_ID}`]: () =>
        jsonResponse({ success: false, message: M.missingColumn('Tab'), code: 'INVALID' }, 400),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: T.uploadExcel }));
    const dialog = await screen.findByRole('dialog', { name: T.uploadExcelTitle });
    fireEvent.change(within(dialog).getByLabelText(T.excelInput), {
      target: { files: [new File(['a'], 'layout.csv', { type: 'text/csv' })] },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: T.upload }));
    expect(await within(dialog).findByText(M.missingColumn('Tab'))).toBeTruthy();
  });

  it('loads case details into the fields by attribute name', async () => {
    const calls = setup([CASE_LAYOUT]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: T.loadCase }));
    const dialog = await screen.findByRole('dialog', { name: T.loadCaseTitle });
    const load = within(dialog).getByRole('button', { name: T.load }) as HTMLButtonElement;
    expect(load.disabled).toBe(true);
    const number = within(dialog).getByRole('combobox', { name: T.caseNumber });
    await userEvent.type(number, '1x0');
    // numeric only
    expect((number as HTMLInputElement).value).toBe('10');
    // the known case numbers to pick from
    await userEvent.clear(number);
    await userEvent.type(number, '100');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1001', '1002']);
    await userEvent.click(screen.getByRole('option', { name: '1001' }));
    expect((number as HTMLInputElement).value).toBe('1001');
    await userEvent.click(load);
    expect(await screen.findByText(M.caseLoaded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.loadCaseTitle })).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe('Refill for Maria');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Closed');
    expect((screen.getByRole('checkbox', { name: 'Urgent' }) as HTMLInputElement).checked).toBe(true);
    expect(calls.find((c) => c.path === '/case-service/api/v1/case-details')?.search).toBe('?caseNumber=1001');
  });

  it('says when a case cannot be loaded', async () => {
    setup([CASE_LAYOUT]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: T.loadCase }));
    const dialog = await screen.findByRole('dialog', { name: T.loadCaseTitle });
    await userEvent.type(within(dialog).getByRole('combobox', { name: T.caseNumber }), '999');
    await userEvent.click(within(dialog).getByRole('button', { name: T.load }));
    expect(await within(dialog).findByText(M.caseNotLoaded)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Subject', hidden: true }) as HTMLInputElement).value).toBe('');
  });

  it('prints the layout', async () => {
    setup([CASE_LAYOUT]);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    open();
    await userEvent.click(await screen.findByRole('button', { name: T.print }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('PREVIEW saves the layouts with their values, keeps the step, opens the preview and goes to /sims', async () => {
    const calls = setup([CASE_LAYOUT, ACCOUNT_LAYOUT]);
    const tab = { location: { href: '' }, close: vi.fn() };
    const openWindow = vi.fn(() => tab);
    vi.stubGlobal('open', openWindow);
    const { router } = open();
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    await userEvent.type(subject, 'Lost card');
    await userEvent.click(screen.getByRole('button', { name: T.preview }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sims'));
    const saved = calls.find((c) => c.path === '/api/v1/layoutData/save');
    const body = saved?.body as { sim_id: string; layouts: TLayout[] };
    expect(body.sim_id).toBe(SIM_ID);
    expect(body.layouts.map((l) => l.type)).toEqual(['case', 'account']);
    expect(body.layouts[0]?.tabs[0]?.sections[0]?.fields[0]?.value).toBe('Lost card');
    expect(calls.find((c) => c.path === '/api/v1/sims/active-step')).toMatchObject({
      method: 'PATCH',
      body: { sim_id: SIM_ID, activeStep: 3 },
    });
    expect(openWindow).toHaveBeenCalledTimes(1);
    expect(tab.location.href).toBe(T.previewPath(SIM_ID));
  });

  it('stays on the step with the error when the save fails', async () => {
    setup([CASE_LAYOUT], {
      '/api/v1/layoutData/save': () => jsonResponse({ success: false, message: 'Bad layout', code: 'INVALID' }, 400),
    });
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { router } = open();
    await userEvent.click(await screen.findByRole('button', { name: T.preview }));
    expect(await screen.findByText('Bad layout')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/sims/createsim');
  });
});
