import type { RouteContract } from '../contract/define';

/** Placeholder while this area's contracts are being written (issue 13). */
export const resultsApi = {} satisfies Record<string, RouteContract>;
