import type { RouteContract } from '../contract/define';

/** Placeholder while this area's contracts are being written (issue 13). */
export const voiceServiceApi = {} satisfies Record<string, RouteContract>;
