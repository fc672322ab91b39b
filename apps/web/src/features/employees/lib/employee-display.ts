import { DISPLAY_DATE_FORMAT, type TEmployee, USER_STATUSES, type UserStatus } from '@sim/shared';
import dayjs from 'dayjs';

export const fullName = (e: { first_name: string; last_name: string }) => `${e.first_name} ${e.last_name}`.trim();

/** Dates are shown MM-DD-YYYY (section 9). */
export const showDate = (day: string) => dayjs(day.slice(0, 10)).format(DISPLAY_DATE_FORMAT);

/** 'Active / Training' */
export function statusText(e: Pick<TEmployee, 'status' | 'sub_status'>): string {
  const label = USER_STATUSES[e.status as UserStatus]?.label ?? e.status;
  return e.sub_status ? `${label} / ${e.sub_status}` : label;
}

/** Today in the browser's time zone, YYYY-MM-DD (the minimum of the temporary-role dates). */
export const localToday = () => dayjs().format('YYYY-MM-DD');
