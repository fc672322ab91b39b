import { ADMIN_TEXTS } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_NOTIFICATION,
  isValid,
  notificationPayload,
  switchMode,
  validateNotification,
} from './notification-form';

describe('notification form rules', () => {
  it.each([
    {
      case: 'nothing',
      values: EMPTY_NOTIFICATION,
      errors: {
        message: ADMIN_TEXTS.notificationMessageRequired,
        recipients: ADMIN_TEXTS.notificationRecipientsRequired,
      },
    },
    {
      case: 'blank message',
      values: { ...EMPTY_NOTIFICATION, message: '  ', groupIds: ['g'] },
      errors: { message: ADMIN_TEXTS.notificationMessageRequired },
    },
    {
      case: 'no recipient',
      values: { ...EMPTY_NOTIFICATION, message: 'hi' },
      errors: { recipients: ADMIN_TEXTS.notificationRecipientsRequired },
    },
    {
      case: 'members chosen but groups shown',
      values: { ...EMPTY_NOTIFICATION, message: 'hi', memberIds: ['u'] },
      errors: { recipients: ADMIN_TEXTS.notificationRecipientsRequired },
    },
    { case: 'a group', values: { ...EMPTY_NOTIFICATION, message: 'hi', groupIds: ['g'] }, errors: {} },
    {
      case: 'a member',
      values: { ...EMPTY_NOTIFICATION, mode: 'members' as const, message: 'hi', memberIds: ['u'] },
      errors: {},
    },
  ])('$case', ({ values, errors }) => {
    expect(validateNotification(values)).toEqual(errors);
    expect(isValid(validateNotification(values))).toBe(Object.keys(errors).length === 0);
  });

  it('the link toggles between groups and members; only the shown kind is sent', () => {
    const values = { message: ' Meeting ', mode: 'groups' as const, groupIds: ['g1'], memberIds: ['u1'] };
    expect(notificationPayload(values)).toEqual({ notification: 'Meeting', groups: ['g1'], receipts: [] });
    const members = switchMode(values);
    expect(members.mode).toBe('members');
    expect(notificationPayload(members)).toEqual({ notification: 'Meeting', groups: [], receipts: ['u1'] });
    expect(switchMode(members).mode).toBe('groups');
  });
});
