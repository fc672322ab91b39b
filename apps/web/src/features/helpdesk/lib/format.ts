import { DISPLAY_DATE_FORMAT } from '@sim/shared';
import dayjs from 'dayjs';

/** Dates MM-DD-YYYY (administration-and-support.md section 9). */
export const formatTicketDate = (iso: string | null | undefined) =>
  iso && dayjs(iso).isValid() ? dayjs(iso).format(DISPLAY_DATE_FORMAT) : '';

/** A date with its time, for the conversation. */
export const formatEntryTime = (iso: string) => dayjs(iso).format(`${DISPLAY_DATE_FORMAT} h:mm A`);
