import { AUTHORING_LIMITS, simsApi, TEXT_MAX, type TLogErrorRequest } from '@sim/shared';
import { apiRequest } from './api-client';

const L = AUTHORING_LIMITS;

/** The report of a client-side error, cut to the server's limits. */
export function errorReport(error: unknown, component?: string, url: string = window.location.href): TLogErrorRequest {
  const message =
    (error instanceof Error ? error.message : typeof error === 'string' ? error : '').trim() ||
    (error instanceof Error ? error.name : 'Unknown error');
  const stack = error instanceof Error && error.stack ? error.stack.slice(0, L.logErrorStackMax) : undefined;
  return {
    message: message.slice(0, L.logErrorMessageMax),
    ...(stack ? { stack } : {}),
    url: url.slice(0, TEXT_MAX * 8),
    ...(component ? { component: component.slice(0, TEXT_MAX) } : {}),
  };
}

/** Sends a client-side error to the server's log; never throws (a failed report is only logged here). */
export async function logClientError(error: unknown, component?: string, url?: string): Promise<void> {
  try {
    await apiRequest(simsApi.logError, { body: errorReport(error, component, url) });
  } catch (reportError) {
    console.error('log-error failed', reportError);
  }
}
