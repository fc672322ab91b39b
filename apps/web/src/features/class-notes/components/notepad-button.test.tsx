import { ASSIGNMENT_MESSAGES, CLASS_NOTE_MESSAGES as M, CLASS_NOTE_TEXTS as T, type TClassNote } from '@sim/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../../lib/session';
// the dashboard features share one test harness (tests may cross feature folders; the code may not)
import { catchDownloads, mockApi, ok, renderAtDashboard, rowId, signInAs } from '../../assignments/testing/harness';
import { NotepadButton } from './notepad-button';

const ALL = ['my_notepad:view', 'my_notepad:create', 'my_notepad:update', 'my_notepad:delete', 'groups:view'];
const LEARNER = ['my_notepad:view', 'my_notepad:create', 'assignment:view'];
const SIM_ID = rowId(100);

function note(n: number, overrides: Partial<TClassNote> = {}): TClassNote {
  return {
    _id: rowId(600 + n),
    notes: `Note ${n}`,
    sim_id: null,
    sim_name: null,
    createdAt: '2030-03-04T10:00:00.000Z',
    updatedAt: '2030-03-04T10:00:00.000Z',
    user: rowId(1),
    ...overrides,
  };
}

function setup({
  keys = ALL,
  notes = [note(1)],
  url = '/dashboard',
}: {
  keys?: string[];
  notes?: TClassNote[];
  url?: string;
} = {}) {
  const session = signInAs(keys);
  const calls = mockApi(session, (call) => {
    if (call.path === '/api/v1/sims/notes' && call.method === 'GET') return ok({ notes });
    if (call.path === '/api/v1/sims/notes' && call.method === 'POST')
      return ok({ message: M.saved, note: note(9, { notes: (call.body as { notes: string }).notes }) });
    if (call.path.startsWith('/api/v1/sims/notes/') && call.method === 'DELETE') return ok({ message: M.deleted });
    if (call.path === '/api/v1/users/excel/download-notes') return new Response('xlsx', { status: 200 });
    return undefined;
  });
  const { queryClient } = renderAtDashboard(<NotepadButton />, { url });
  return Object.assign(calls, { queryClient });
}

async function openNotepad() {
  await userEvent.click(await screen.findByRole('button', { name: T.notepad }));
  return (await screen.findByRole('heading', { name: T.title })).closest('.MuiPaper-root') as HTMLElement;
}

describe('notepad', () => {
  it('is not shown without my_notepad view', async () => {
    const { queryClient } = setup({ keys: ['groups:view'] });
    // once the session (permissions) has answered, the button is still absent
    await waitFor(() => expect(queryClient.getQueryState(sessionKeys.userDetails())?.status).toBe('success'));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: T.notepad })).toBeNull();
  });

  it('opens the dialog its button announces: a dialog named My Notes holding the notes', async () => {
    setup();
    const button = await screen.findByRole('button', { name: T.notepad });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(button);
    const popover = await screen.findByRole('dialog', { name: T.title });
    expect(await within(popover).findByText('Note 1')).toBeTruthy();
    expect(within(popover).getByRole('button', { name: T.addNote })).toBeTruthy();
  });

  it('shows the first 4 notes, sim names cut at 22, and View All with every note', async () => {
    const notes = [
      note(1, { sim_name: 'Refills for the night pharmacy team', sim_id: SIM_ID }),
      note(2),
      note(3),
      note(4),
      note(5),
    ];
    setup({ notes });
    const popover = await openNotepad();
    const list = await within(popover).findByRole('list', { name: T.title });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).queryByText('Note 5')).toBeNull();
    expect(within(list).getByText('Refills for the nig...')).toBeTruthy();
    await userEvent.click(within(popover).getByRole('button', { name: `${T.viewAll} (5)` }));
    const dialog = await screen.findByRole('dialog', { name: new RegExp(T.allNotes) });
    expect(within(within(dialog).getByRole('list', { name: T.allNotes })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('says there are no notes yet', async () => {
    setup({ notes: [] });
    const popover = await openNotepad();
    expect(await within(popover).findByText(M.empty)).toBeTruthy();
    expect(within(popover).queryByRole('button', { name: new RegExp(T.viewAll) })).toBeNull();
  });

  it('adds a note for the sim on screen', async () => {
    const calls = setup({ url: `/dashboard?sim_id=${SIM_ID}` });
    const popover = await openNotepad();
    await userEvent.click(within(popover).getByRole('button', { name: T.addNote }));
    const dialog = await screen.findByRole('dialog', { name: T.addNote });
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    // the note is required
    expect(await within(dialog).findByText(M.required)).toBeTruthy();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: new RegExp(T.noteLabel) }),
      'Ask for the date of birth',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await screen.findByText(M.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      notes: 'Ask for the date of birth',
      sim_id: SIM_ID,
    });
  });

  it('edits a note with its id', async () => {
    const calls = setup();
    const popover = await openNotepad();
    await userEvent.click(await within(popover).findByRole('button', { name: `${T.edit}: Note 1` }));
    const dialog = await screen.findByRole('dialog', { name: T.editNote });
    const field = within(dialog).getByRole('textbox', { name: new RegExp(T.noteLabel) });
    expect((field as HTMLTextAreaElement).value).toBe('Note 1');
    await userEvent.type(field, ' again');
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    await screen.findByText(M.saved);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      _id: note(1)._id,
      notes: 'Note 1 again',
      sim_id: null,
    });
  });

  it('deletes a note after asking', async () => {
    const calls = setup();
    const popover = await openNotepad();
    await userEvent.click(await within(popover).findByRole('button', { name: `${T.delete}: Note 1` }));
    const confirm = await screen.findByRole('dialog', { name: T.deleteTitle });
    await userEvent.click(within(confirm).getByRole('button', { name: T.deleteConfirm }));
    expect(await screen.findByText(M.deleted)).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/v1/sims/notes/${note(1)._id}`);
  });

  it('disables what my_notepad does not allow, saying why', async () => {
    setup({ keys: ['my_notepad:view', 'groups:view'] });
    const popover = await openNotepad();
    const add = within(popover).getByRole('button', { name: T.addNote }) as HTMLButtonElement;
    const edit = (await within(popover).findByRole('button', { name: `${T.edit}: Note 1` })) as HTMLButtonElement;
    const del = within(popover).getByRole('button', { name: `${T.delete}: Note 1` }) as HTMLButtonElement;
    expect([add.disabled, edit.disabled, del.disabled]).toEqual([true, true, true]);
    await userEvent.hover(del.parentElement as HTMLElement);
    expect(await screen.findByText(ASSIGNMENT_MESSAGES.noDelete)).toBeTruthy();
  });

  it('downloads User_Notes.xlsx, except for learners', async () => {
    const names = catchDownloads();
    setup();
    const popover = await openNotepad();
    await userEvent.click(within(popover).getByRole('button', { name: T.download }));
    await waitFor(() => expect(names).toEqual(['User_Notes.xlsx']));
  });

  it('has no download for a learner', async () => {
    setup({ keys: LEARNER });
    const popover = await openNotepad();
    await within(popover).findByText('Note 1');
    expect(within(popover).queryByRole('button', { name: T.download })).toBeNull();
  });
});
