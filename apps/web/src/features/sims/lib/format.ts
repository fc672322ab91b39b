import { AUTHORING_DATE_FORMATS, AUTHORING_LIMITS, cutText } from '@sim/shared';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** CREATED: 'MMM DD YYYY' (section 9). */
export const formatSimDate = (iso: string) => dayjs(iso).format(AUTHORING_DATE_FORMATS.date);
/** The full time, shown as the title of a relative UPDATED. */
export const formatSimDateTime = (iso: string) => dayjs(iso).format(AUTHORING_DATE_FORMATS.dateTime);
/** UPDATED: relative time ('2 hours ago'). */
export const fromNow = (iso: string, now: Date = new Date()) => dayjs(iso).from(dayjs(now));
/** ADMIN NOTES: cut at 120 characters. */
export const adminNote = (text: string) => cutText(text, AUTHORING_LIMITS.adminNoteCut);
