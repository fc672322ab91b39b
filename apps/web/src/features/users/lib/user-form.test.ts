import {
  MESSAGES,
  selfEditableFields,
  USER_FIELD_NAMES,
  USER_FORM_TEXTS,
  ZCreateUserRequest,
  ZUpdateProfileRequest,
} from '@sim/shared';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_USER_FORM,
  subStatusesOf,
  toCreateRequest,
  toProfileRequest,
  type UserFormValues,
  validateUserForm,
} from './user-form';

const ROLE = '11111111-1111-4111-8111-111111111111';
const GROUP = '22222222-2222-4222-8222-222222222222';

const filled: UserFormValues = {
  ...EMPTY_USER_FORM,
  first_name: 'Grace',
  last_name: 'Hopper',
  title: 'Rep',
  email_id: 'grace@example.test',
  phone_number: '+1 (555) 123-4567',
  role: ROLE,
  schedule: 'Full time',
  duration: 'Permanent',
  employment: 'Employee',
  workplace: 'WAH',
  joined_company: 'New hire',
  groups: [GROUP],
  probation: 'NA',
  promoted: 'Support',
  outsourcer: 'Other',
};

describe('the user form rules (section 5)', () => {
  it('starts a new user as Applicant / Candidate', () => {
    expect([EMPTY_USER_FORM.status, EMPTY_USER_FORM.sub_status]).toEqual(['applicant', 'Candidate']);
  });

  it('accepts a form with every required field and no nick name', () => {
    expect(validateUserForm(filled, { mode: 'create' })).toEqual({});
  });

  it('gives the spec message of every empty required field, and none for the nick name', () => {
    const errors = validateUserForm(
      { ...EMPTY_USER_FORM, status: 'applicant', sub_status: 'Candidate' },
      { mode: 'create' },
    );
    expect(errors).toMatchObject({
      schedule: 'Schedule is required',
      duration: 'Duration is required',
      employment: 'Employment is required',
      workplace: 'Workplace is required',
      joined_company: 'Joined company is required',
      groups: 'Group is required',
      probation: 'Probation is required',
      promoted: 'Promoted in CC is required',
      outsourcer: 'Outsourcer is required',
      first_name: USER_FORM_TEXTS.required.first_name,
      role: USER_FORM_TEXTS.required.role,
    });
    expect(errors.nick_name).toBeUndefined();
  });

  it.each([
    [{ email_id: 'not-an-email' }, 'email_id', MESSAGES.invalidEmail],
    [{ email_id: '' }, 'email_id', USER_FORM_TEXTS.required.email_id],
    [{ phone_number: '+1 (555) 12' }, 'phone_number', USER_FORM_TEXTS.phoneInvalid],
    [{ status: 'active', sub_status: 'Candidate' }, 'sub_status', USER_FORM_TEXTS.subStatusMismatch],
    [{ first_name: '   ' }, 'first_name', USER_FORM_TEXTS.required.first_name],
  ] as const)('%o → %s: %s', (patch, field, message) => {
    expect(validateUserForm({ ...filled, ...patch }, { mode: 'create' })[field]).toBe(message);
  });

  it('links the sub-status lists to the status, first option the default', () => {
    expect(subStatusesOf('applicant')).toEqual(['Candidate', 'Offered', 'Refused', 'No Offer', 'Hired']);
    expect(subStatusesOf('active')[0]).toBe('Training');
    expect(subStatusesOf('inActive')[0]).toBe('Suspended');
    expect(subStatusesOf('postEmployment')[0]).toBe('Promotion Non-CC');
  });

  describe('edit: the password rules', () => {
    const rules = { mode: 'edit' as const, originalEmail: 'grace@example.test' };
    it('needs no password when the email is unchanged (any case)', () => {
      expect(validateUserForm({ ...filled, email_id: 'Grace@Example.test' }, rules)).toEqual({});
    });
    it("asks 'Please re-enter the password.' when the email changes and the password is empty", () => {
      const errors = validateUserForm({ ...filled, email_id: 'new@example.test' }, rules);
      expect(errors.password).toBe(USER_FORM_TEXTS.reenterPassword);
    });
    it("answers 'Password mismatch !' when the confirmation differs", () => {
      const errors = validateUserForm({ ...filled, password: 'Secret@123', confirm_password: 'Secret@124' }, rules);
      expect(errors).toEqual({ confirm_password: MESSAGES.passwordMismatch });
      expect(validateUserForm({ ...filled, password: '', confirm_password: 'x' }, rules).confirm_password).toBe(
        MESSAGES.passwordMismatch,
      );
    });
    it('takes a changed email with a matching password', () => {
      const v = { ...filled, email_id: 'new@example.test', password: 'Secret@123', confirm_password: 'Secret@123' };
      expect(validateUserForm(v, rules)).toEqual({});
      expect(validateUserForm({ ...v, password: 'short', confirm_password: 'short' }, rules).password).toBe(
        MESSAGES.passwordTooShort,
      );
    });
  });

  it('settings: checks only the fields the user may change', () => {
    const agentFields = selfEditableFields({ isAgent: true, canUpdateEmployees: true });
    expect([...agentFields]).toEqual(['nick_name']);
    const values = { ...EMPTY_USER_FORM, nick_name: 'Lex' };
    expect(validateUserForm(values, { mode: 'settings', fields: agentFields })).toEqual({});
    const staff = selfEditableFields({ isAgent: false, canUpdateEmployees: false });
    expect([...staff].sort()).toEqual(['first_name', 'last_name', 'nick_name', 'phone_number', 'title']);
    expect(validateUserForm(values, { mode: 'settings', fields: staff })).toMatchObject({
      first_name: USER_FORM_TEXTS.required.first_name,
    });
    expect([...selfEditableFields({ isAgent: false, canUpdateEmployees: true })]).toEqual(USER_FIELD_NAMES);
  });
});

describe('the request bodies', () => {
  it('create: every field, no password, the origin as url; valid for the server schema', () => {
    const body = toCreateRequest({ ...filled, password: 'x', confirm_password: 'x' }, null, 'http://app.test');
    expect(body).not.toHaveProperty('_id');
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('confirm_password');
    expect(body.url).toBe('http://app.test');
    expect(ZCreateUserRequest.safeParse(body).success).toBe(true);
  });

  it('edit: the _id, and the password only when typed', () => {
    const id = '33333333-3333-4333-8333-333333333333';
    expect(toCreateRequest(filled, id, 'o')).toMatchObject({ _id: id });
    expect(toCreateRequest(filled, id, 'o')).not.toHaveProperty('password');
    expect(toCreateRequest({ ...filled, password: 'Secret@123' }, id, 'o').password).toBe('Secret@123');
  });

  it('settings: only the fields the user may change and did change', () => {
    const may = new Set(['nick_name', 'first_name', 'groups', 'status', 'sub_status'] as const);
    expect(toProfileRequest(filled, may, filled)).toEqual({});
    const body = toProfileRequest({ ...filled, nick_name: 'Amazing', title: 'Boss', groups: [] }, may, filled);
    expect(body).toEqual({ nick_name: 'Amazing', groups: [] });
    // the linked pair travels together
    expect(toProfileRequest({ ...filled, status: 'active', sub_status: 'Training' }, may, filled)).toEqual({
      status: 'active',
      sub_status: 'Training',
    });
    expect(ZUpdateProfileRequest.safeParse(toProfileRequest({ ...filled, nick_name: 'A' }, may, filled)).success).toBe(
      true,
    );
  });

  it('settings: stored values that break a rule do not block saving another field', () => {
    const stored = { ...filled, groups: [] }; // e.g. an administrator in no group
    const fields = selfEditableFields({ isAgent: false, canUpdateEmployees: true });
    expect(validateUserForm({ ...stored, nick_name: 'Boss' }, { mode: 'settings', fields, initial: stored })).toEqual(
      {},
    );
    expect(
      validateUserForm({ ...stored, phone_number: '12' }, { mode: 'settings', fields, initial: stored }).phone_number,
    ).toBe(USER_FORM_TEXTS.phoneInvalid);
  });
});
