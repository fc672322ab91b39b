import { DATA_TABLE_TEXTS as T } from '@sim/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SortOrder } from '../../lib/list-state';
import { columnStorageKey } from './column-storage';
import { DataTable } from './data-table';
import type { DataColumn } from './types';

interface Person {
  id: string;
  name: string;
  age: number;
  city: string;
  note: string;
}

const PEOPLE: Person[] = [
  { id: 'p1', name: 'Bulk10', age: 41, city: 'Leeds', note: 'Night shift' },
  { id: 'p2', name: 'Bulk2', age: 29, city: 'York', note: 'Trainer' },
  { id: 'p3', name: 'Ada', age: 36, city: 'Bath', note: '' },
];

const opened = vi.fn();

const COLUMNS: DataColumn<Person>[] = [
  { id: 'name', header: 'NAME', cell: (p) => p.name, sortable: true, show: 'always', card: 'title' },
  { id: 'age', header: 'AGE', cell: (p) => String(p.age), sortValue: (p) => p.age, sortable: true, card: 'field' },
  { id: 'city', header: 'CITY', cell: (p) => p.city, show: 'default' },
  { id: 'note', header: 'NOTE', cell: (p) => p.note || '—', show: 'optional', wrap: true },
  {
    id: 'actions',
    header: 'ACTIONS',
    show: 'always',
    controls: true,
    card: 'actions',
    cell: (p) => (
      <button type="button" onClick={() => opened(`edit ${p.name}`)}>
        {`Edit ${p.name}`}
      </button>
    ),
  },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) {
  return render(
    <DataTable<Person>
      tableId="people"
      label="People"
      columns={COLUMNS}
      rows={PEOPLE}
      getRowId={(p) => p.id}
      rowTitle={(p) => p.name}
      rowOptions={(p) => ({ onOpen: () => opened(`open ${p.name}`), testId: `person-${p.id}`, data: { city: p.city } })}
      {...props}
    />,
  );
}

/** A table sorted "on the server": flips the sorted column, else ascending (lib/list-state's nextSort). */
function ServerSorted({ asked }: { asked: string[] }) {
  const [sort, setSort] = useState<{ by: string; order: SortOrder }>({ by: 'age', order: 'desc' });
  return (
    <DataTable<Person>
      tableId="people"
      label="People"
      columns={COLUMNS}
      rows={PEOPLE}
      getRowId={(p) => p.id}
      rowTitle={(p) => p.name}
      sort={{
        ...sort,
        onSort: (by) => {
          asked.push(by);
          setSort((s) => ({ by, order: s.by === by && s.order === 'asc' ? 'desc' : 'asc' }));
        },
      }}
    />
  );
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0].textContent);

/** MUI's useMediaQuery answers from window.matchMedia: a phone's width, or not. */
function phoneScreen(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: phone && query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    })),
  );
}

describe('DataTable', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    opened.mockReset();
  });

  it('is a named table with the shown columns in order, each row with its cells, test id and data', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    // NOTE is optional: in each row's details, not a column; the details button has a column of its own
    expect(headers()).toEqual(['NAME', 'AGE', 'CITY', 'ACTIONS', T.details]);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const row = screen.getByTestId('person-p2');
    expect(row.dataset.city).toBe('York');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Bulk2', '29', 'York', 'Edit Bulk2', '']);
    expect(screen.queryByText('Night shift')).toBeNull();
  });

  it('sorts in the browser: aria-sort on the header, ascending then descending, numbers by value', async () => {
    const user = userEvent.setup();
    renderTable();
    const name = screen.getByRole('columnheader', { name: 'NAME' });
    expect(name.getAttribute('aria-sort')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'NAME' }));
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    // the reader's order: Bulk2 before Bulk10
    expect(names()).toEqual(['Ada', 'Bulk2', 'Bulk10']);
    await user.click(screen.getByRole('button', { name: 'NAME' }));
    expect(name.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Bulk10', 'Bulk2', 'Ada']);
    await user.click(screen.getByRole('button', { name: 'AGE' }));
    expect(name.getAttribute('aria-sort')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'AGE' }).getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Bulk2', 'Ada', 'Bulk10']);
    // a column without sort has no sort button
    expect(screen.queryByRole('button', { name: 'CITY' })).toBeNull();
  });

  it('sorts on the server: the header asks for the column, the rows stay in the order they came', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    render(<ServerSorted asked={asked} />);
    expect(screen.getByRole('columnheader', { name: 'AGE' }).getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Bulk10', 'Bulk2', 'Ada']);
    await user.click(screen.getByRole('button', { name: 'NAME' }));
    expect(asked).toEqual(['name']);
    expect(screen.getByRole('columnheader', { name: 'NAME' }).getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Bulk10', 'Bulk2', 'Ada']);
    await user.click(screen.getByRole('button', { name: 'NAME' }));
    expect(asked).toEqual(['name', 'name']);
    expect(screen.getByRole('columnheader', { name: 'NAME' }).getAttribute('aria-sort')).toBe('descending');
  });

  it("opens a row's details: a dialog named by the row with the columns not shown; Escape gives the focus back", async () => {
    const user = userEvent.setup();
    renderTable();
    const button = screen.getByRole('button', { name: T.detailsOf('Bulk10') });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Bulk10' });
    expect(within(dialog).getByText('NOTE')).toBeTruthy();
    expect(within(dialog).getByText('Night shift')).toBeTruthy();
    // the shown columns are not repeated
    expect(within(dialog).queryByText('CITY')).toBeNull();
    expect(dialog.contains(document.activeElement)).toBe(true);
    // the button does not open the row
    expect(opened).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('puts the details button in a chosen column instead of a column of its own', () => {
    renderTable({ detailsIn: 'actions' });
    expect(headers()).toEqual(['NAME', 'AGE', 'CITY', 'ACTIONS']);
    const actions = within(screen.getByTestId('person-p1')).getAllByRole('cell')[3];
    expect(within(actions).getByRole('button', { name: T.detailsOf('Bulk10') })).toBeTruthy();
  });

  it('opens a row by click or by Enter on the focused row, not from a cell of controls', async () => {
    const user = userEvent.setup();
    renderTable();
    const row = screen.getByTestId('person-p3');
    expect(row.getAttribute('tabindex')).toBe('0');
    await user.click(within(row).getByText('Bath'));
    expect(opened).toHaveBeenLastCalledWith('open Ada');
    await user.click(within(row).getByRole('button', { name: 'Edit Ada' }));
    expect(opened).toHaveBeenLastCalledWith('edit Ada');
    expect(opened).toHaveBeenCalledTimes(2);
    row.focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(3);
    expect(opened).toHaveBeenLastCalledWith('open Ada');
  });

  it('chooses the columns: a shown optional column leaves the details, and the choice is kept', async () => {
    const user = userEvent.setup();
    const view = renderTable();
    // the button says how many columns are left out of the table
    await user.click(screen.getByRole('button', { name: `${T.columns} (+1)` }));
    const chooser = await screen.findByRole('dialog', { name: T.chooseColumns });
    // only the columns that may be hidden, in the table's order, as they are now
    const boxes = within(chooser).getAllByRole('checkbox');
    expect(boxes.map((b) => (b.closest('label') as HTMLElement).textContent)).toEqual(['AGE', 'CITY', 'NOTE']);
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, false]);
    await user.click(within(chooser).getByRole('checkbox', { name: 'NOTE' }));
    await user.click(within(chooser).getByRole('checkbox', { name: 'CITY' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headers()).toEqual(['NAME', 'AGE', 'NOTE', 'ACTIONS', T.details]);
    expect(screen.getByText('Night shift')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(columnStorageKey('people')) ?? '{}')).toEqual({ note: true, city: false });

    // another visit: the same columns
    view.unmount();
    renderTable();
    expect(headers()).toEqual(['NAME', 'AGE', 'NOTE', 'ACTIONS', T.details]);

    // Reset: the table's defaults again, nothing kept
    await user.click(screen.getByRole('button', { name: `${T.columns} (+1)` }));
    await user.click(await screen.findByRole('button', { name: T.resetColumns }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headers()).toEqual(['NAME', 'AGE', 'CITY', 'ACTIONS', T.details]);
    expect(localStorage.getItem(columnStorageKey('people'))).toBeNull();
  });

  it('has no details and no details column when every column is shown', async () => {
    localStorage.setItem(columnStorageKey('people'), JSON.stringify({ note: true }));
    renderTable();
    expect(headers()).toEqual(['NAME', 'AGE', 'CITY', 'NOTE', 'ACTIONS']);
    expect(screen.queryByRole('button', { name: T.detailsOf('Ada') })).toBeNull();
    expect(screen.getByRole('button', { name: T.columns })).toBeTruthy();
  });

  it('ignores a stored choice it cannot read', () => {
    localStorage.setItem(columnStorageKey('people'), '{not json');
    renderTable();
    expect(headers()).toEqual(['NAME', 'AGE', 'CITY', 'ACTIONS', T.details]);
  });

  it('shows placeholder rows while loading, then the empty state', () => {
    const view = renderTable({ rows: [], loading: true, empty: <p>Nobody yet</p> });
    const table = screen.getByRole('table', { name: 'People' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(table.querySelectorAll('tbody tr[data-placeholder] .MuiSkeleton-root').length).toBeGreaterThan(0);
    expect(screen.queryByText('Nobody yet')).toBeNull();
    view.rerender(
      <DataTable<Person>
        tableId="people"
        label="People"
        columns={COLUMNS}
        rows={[]}
        getRowId={(p) => p.id}
        rowTitle={(p) => p.name}
        empty={<p>Nobody yet</p>}
      />,
    );
    expect(screen.getByRole('table', { name: 'People' }).getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText('Nobody yet')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });

  it('on a phone: a card per row with its title, main fields and actions; DETAILS holds the rest', async () => {
    phoneScreen(true);
    const user = userEvent.setup();
    renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'People' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const card = within(screen.getByTestId('person-p2'));
    expect(card.getByRole('heading', { name: 'Bulk2' })).toBeTruthy();
    expect(card.getByText('AGE').nextElementSibling?.textContent).toBe('29');
    expect(card.queryByText('York')).toBeNull();
    // the title opens the row, as a click on a row does
    await user.click(card.getByRole('button', { name: 'Bulk2' }));
    expect(opened).toHaveBeenLastCalledWith('open Bulk2');
    await user.click(card.getByRole('button', { name: 'Edit Bulk2' }));
    expect(opened).toHaveBeenLastCalledWith('edit Bulk2');
    await user.click(card.getByRole('button', { name: T.detailsOf('Bulk2') }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk2' });
    expect(within(dialog).getByText('CITY').nextElementSibling?.textContent).toBe('York');
    expect(within(dialog).getByText('Trainer')).toBeTruthy();
    expect(within(dialog).queryByText('AGE')).toBeNull();
  });

  it('on a phone: placeholder cards while loading', () => {
    phoneScreen(true);
    renderTable({ rows: [], loading: true });
    const list = screen.getByRole('list', { name: 'People' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.querySelectorAll('[data-placeholder] .MuiSkeleton-root').length).toBeGreaterThan(0);
  });

  it('keeps a table on a wide screen', () => {
    phoneScreen(false);
    renderTable();
    expect(screen.getByRole('table', { name: 'People' })).toBeTruthy();
    act(() => undefined);
  });
});
