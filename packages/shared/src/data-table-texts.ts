/**
 * The data table's own words (the spec names none: its column headers, buttons and messages come from each
 * table's texts in @sim/shared).
 */
export const DATA_TABLE_TEXTS = {
  columns: 'Columns',
  chooseColumns: 'Columns shown',
  resetColumns: 'Reset',
  details: 'Details',
  detailsOf: (title: string) => `Details of ${title}`,
  close: 'Close',
  loading: 'Loading',
} as const;
