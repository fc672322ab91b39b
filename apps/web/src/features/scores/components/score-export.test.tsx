import { SCORE_EXPORT, SCORE_TEXTS, SCORE_UI_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catchDownloads, refusal } from '../../assignments/testing/harness';
import { ids } from '../testing/fixtures';
import { findCell, LISTING, renderScoreTab } from '../testing/setup';

const exportButton = () =>
  screen.getByRole('button', { name: new RegExp(`${SCORE_TEXTS.exportExcel}|${T.exporting}`) });

describe('Export Excel', () => {
  it('downloads Score_List.xlsx of the filter in the table’s sort, busy while it downloads', async () => {
    const user = userEvent.setup();
    const names = catchDownloads();
    let finish: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('PK first part'));
        finish = () => {
          controller.enqueue(new TextEncoder().encode('last part'));
          controller.close();
        };
      },
    });
    const { calls } = renderScoreTab({
      url: `/dashboard?tab=SCORE&page=2&sortBy=member&order=asc&result=highest&groups=${ids.group(1)}`,
      total: 30,
      exportAnswer: () => new Response(body, { status: 200 }),
    });
    await findCell('Member 1');
    await user.click(exportButton());

    await waitFor(() => expect((exportButton() as HTMLButtonElement).disabled).toBe(true));
    expect(exportButton().textContent).toMatch(T.exporting);
    finish();
    await waitFor(() => expect(names).toEqual([SCORE_EXPORT.fileName]));
    await waitFor(() => expect((exportButton() as HTMLButtonElement).disabled).toBe(false));

    const download = calls.find((c) => c.path === LISTING && c.query.get('download') === 'true');
    expect(download?.method).toBe('POST');
    expect(Object.fromEntries(download?.query ?? [])).toMatchObject({
      skip: '0',
      sortBy: 'member',
      sort: 'asc',
      final_result: 'false',
      highest_level: 'true',
      download: 'true',
    });
    expect(download?.body).toMatchObject({ groups: [ids.group(1)] });
  });

  it('shows the server’s message when the export fails', async () => {
    const user = userEvent.setup();
    const names = catchDownloads();
    renderScoreTab({ exportAnswer: () => refusal(400, 'The start date must not be after the end date', 'VALIDATION') });
    await findCell('Member 1');
    await user.click(exportButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(`${T.exportFailed} The start date must not be after the end date`)).toBeTruthy();
    expect(names).toEqual([]);
    expect((exportButton() as HTMLButtonElement).disabled).toBe(false);
  });
});
