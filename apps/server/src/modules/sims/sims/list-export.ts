import { EXCEL_SIM_LIST, SIM_LIST_TEXTS, type TSim, type TSimListExportQuery } from '@sim/shared';
import ExcelJS from 'exceljs';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import * as repo from './repository';

const COLUMN_WIDTHS = [40, 12, 28, 8, 8, 22, 22, 60, 8, 24];

function row(sim: TSim): (string | number | Date)[] {
  return [
    sim.title,
    SIM_LIST_TEXTS.typeLabels[sim.sim_type],
    sim.product_name,
    sim.totalLevels,
    sim.totalSteps,
    new Date(sim.created_at),
    new Date(sim.updated_at),
    sim.admin_note,
    sim.draft ? SIM_LIST_TEXTS.yes : SIM_LIST_TEXTS.no,
    sim.built_by,
  ];
}

/** The sims of one view (active or trash) with the list's search, product filter and sort, all pages. */
async function simsOf(deps: AppDeps, actor: Actor, q: TSimListExportQuery) {
  const limit = EXCEL_SIM_LIST.maxRows + 1;
  const page =
    q.view === 'trash'
      ? await repo.listDeletedSims(deps.db, actor.companyId, { skip: 0, limit, title: q.title })
      : await repo.listSims(deps.db, actor.companyId, { ...q, skip: 0, limit });
  return page.sims;
}

/**
 * The sim list as an .xlsx: the list's columns (full admin notes, not cut) plus product, levels and
 * scripts; dates are real date cells in UTC shown as 'MMM DD YYYY h:mm A'.
 */
export async function exportSimList(
  deps: AppDeps,
  actor: Actor,
  q: TSimListExportQuery,
): Promise<{ fileName: string; data: Buffer }> {
  const found = await simsOf(deps, actor, q);
  const truncated = found.length > EXCEL_SIM_LIST.maxRows;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SimCentre';
  const sheet = workbook.addWorksheet(EXCEL_SIM_LIST.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...EXCEL_SIM_LIST.columns]).font = { bold: true };
  EXCEL_SIM_LIST.columns.forEach((_, i) => {
    sheet.getColumn(i + 1).width = COLUMN_WIDTHS[i];
  });
  for (const col of [6, 7]) sheet.getColumn(col).numFmt = EXCEL_SIM_LIST.dateFormat;
  for (const sim of found.slice(0, EXCEL_SIM_LIST.maxRows)) sheet.addRow(row(sim));
  if (truncated) sheet.addRow([EXCEL_SIM_LIST.truncatedNote(EXCEL_SIM_LIST.maxRows)]);
  return {
    fileName: EXCEL_SIM_LIST.fileName(q.view === 'trash'),
    data: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
