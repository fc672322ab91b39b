import { DEFAULT_TICKET_FILTERS, TICKET_FILTERS, type TicketFilters } from '@sim/shared';

/** The list's filters are kept in local storage (administration-and-support.md section 2), per browser. */
export const FILTERS_STORAGE_KEY = 'helpdesk.ticketFilters';

/** The stored filters; a missing or damaged entry reads as the defaults, an unknown key is dropped. */
export function readTicketFilters(storage: Pick<Storage, 'getItem'> = localStorage): TicketFilters {
  let stored: unknown = null;
  try {
    stored = JSON.parse(storage.getItem(FILTERS_STORAGE_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  const out = { ...DEFAULT_TICKET_FILTERS };
  if (stored && typeof stored === 'object')
    for (const name of TICKET_FILTERS) {
      const value = (stored as Record<string, unknown>)[name];
      if (typeof value === 'boolean') out[name] = value;
    }
  return out;
}

export function writeTicketFilters(filters: TicketFilters, storage: Pick<Storage, 'setItem'> = localStorage) {
  try {
    storage.setItem(FILTERS_STORAGE_KEY, JSON.stringify(filters));
  } catch {
    // storage full or blocked: the filters last for this page only
  }
}
