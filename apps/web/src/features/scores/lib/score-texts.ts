/**
 * Texts of the score tab that packages/shared/src/scores.ts (SCORE_TEXTS) does not hold: labels the spec
 * names without giving their words, and the chart's. The spec's own words come from SCORE_TEXTS.
 */
export const SCORE_UI_TEXTS = {
  panelTitle: 'Filters',
  toolLabel: 'Tool',
  allTools: 'All tools',
  groups: 'Groups',
  members: 'Members',
  sims: 'Sims',
  noGroups: 'No groups yet',
  noMembers: 'No members',
  noSims: 'No sims for this tool',
  clearFilters: 'Clear filters',
  expandLevels: (title: string) => `Show the levels of ${title}`,
  collapseLevels: (title: string) => `Hide the levels of ${title}`,
  levelName: (order: number, name: string) => `Level ${order + 1}: ${name}`,
  dateRange: 'Date range',
  anyDate: 'Any date',
  badDay: 'Use a date written DD-MM-YYYY',
  presets: 'Presets',
  clearDates: 'Clear',
  exporting: 'Exporting…',
  exportFailed: 'The export failed.',
  tableLabel: 'Scores',
  levelCell: (order: number, name: string) => `LEVEL ${order + 1}${name ? ` - ${name}` : ''}`,
  openResult: (member: string, sim: string) => `Open the result of ${member} in ${sim}`,
  showing: (from: number, to: number, total: number, capped: boolean) =>
    `Showing ${from} to ${to} of ${total}${capped ? '+' : ''} entries`,
  // the chart
  accuracyTitle: 'Keyword accuracy over time',
  missedTitle: 'Most-missed keywords',
  medianLabel: 'Median',
  bandLabel: '25–75%',
  medianNote: (shown: number) => `The median of ${shown} members per day, with the middle half as a band`,
  rowsCapped: (rows: number) => `Drawn from the latest ${rows} scores of this filter`,
  noMissedKeywords: 'No missed keywords for these filters',
  missedOf: (missed: number, total: number) => `missed ${missed} of ${total} times`,
  missedAxis: 'Times missed',
  accuracyAxis: 'Keyword accuracy (%)',
} as const;
