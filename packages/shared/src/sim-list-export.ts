/**
 * The sim list as an .xlsx (the EXPORT button of /sims): the rows the list shows for the same view,
 * search, product and sort, on one sheet, with the list's columns plus product, levels and scripts.
 */
import { z } from 'zod';
import { ZSimListQuery } from './schemas/sims';

export const EXCEL_SIM_LIST = {
  sheet: 'Sims',
  fileName: (trash: boolean) => (trash ? 'Deleted_Sims.xlsx' : 'Sims.xlsx'),
  /** the header row, in order */
  columns: [
    'CALL SIMULATOR',
    'TYPE',
    'PRODUCT',
    'LEVELS',
    'SCRIPTS',
    'CREATED (UTC)',
    'UPDATED (UTC)',
    'ADMIN NOTES',
    'DRAFT',
    'BUILT BY',
  ] as const,
  /** Excel number format of the date cells: the spec's 'MMM DD YYYY h:mm A' */
  dateFormat: 'mmm dd yyyy h:mm AM/PM',
  /** at most this many rows in one export; a larger list is cut and says so in its last row */
  maxRows: 10_000,
  truncatedNote: (max: number) => `Only the first ${max} sims are exported.`,
  exportLabel: 'EXPORT',
  exportFailed: 'The sim list could not be exported. Please try again.',
} as const;

// GET /api/v1/sims/excel/list?view&product&title&sortBy&order
export const ZSimListExportQuery = ZSimListQuery.omit({ skip: true, limit: true }).extend({
  view: z.enum(['sims', 'trash']).default('sims'),
});
export type TSimListExportQuery = z.output<typeof ZSimListExportQuery>;
