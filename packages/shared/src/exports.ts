/**
 * Large Excel exports (issue 32: ten at once grew the server by 300 MB and held /api/health for 5 s): a few
 * run at once on an instance, the next ones wait their turn in a short line, and one person runs one at a
 * time.
 */
export const EXPORT_LIMITS = {
  /** exports written at once on one instance */
  running: 2,
  /** exports waiting for their turn; more are refused */
  waiting: 8,
} as const;

export const EXPORT_MESSAGES = {
  ownExportRunning: 'Your previous export is still being prepared. Wait for its download, then export again.',
  busy: 'Many exports are being prepared right now. Please try again in a minute.',
} as const;
