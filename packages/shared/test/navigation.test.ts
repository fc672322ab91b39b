import { describe, expect, it } from 'vitest';
import { badgeCount, cutText, greetingFor } from '../src/greeting';
import { documentTitle, guardProtected, rememberedUrl, safeRedirect, screenTitle } from '../src/navigation';
import { defaultSubStatus, isValidSubStatus } from '../src/user-fields';

describe('greetingFor', () => {
  it.each([
    [0, 'Morning'],
    [11, 'Morning'],
    [12, 'Afternoon'],
    [15, 'Afternoon'],
    [16, 'Evening'],
    [19, 'Evening'],
    [20, 'Night'],
    [22, 'Night'],
    [23, 'Night'],
  ])('%i h → %s', (hour, text) => expect(greetingFor(hour)).toBe(text));
  it('refuses an hour out of range', () => expect(() => greetingFor(24)).toThrow(RangeError));
});

describe('guards and remembered URLs', () => {
  it.each([
    ['/sims/takesim', '?levelId=1&sim_id=2', '/sims'],
    ['/sims/createsim', '', '/sims'],
    ['/sims/createsim', '?simId=9', '/sims/createsim?simId=9'],
    ['/admin/createuser', '?userId=4', '/admin/createuser?userId=4'],
    ['/settings', '', '/settings'],
  ])('%s%s remembers %s', (path, search, expected) => {
    expect(rememberedUrl(path, search)).toBe(expected);
    expect(guardProtected(false, path, search)).toEqual({ kind: 'login', remember: expected });
    expect(guardProtected(true, path, search)).toEqual({ kind: 'allow' });
  });
  it.each([
    ['/settings?x=1', '/settings?x=1'],
    [null, '/dashboard'],
    ['https://evil.test/x', '/dashboard'],
    ['//evil.test', '/dashboard'],
    ['/\\evil.test', '/dashboard'],
    ['/login', '/dashboard'],
  ])('safeRedirect(%s) → %s', (target, expected) => expect(safeRedirect(target)).toBe(expected));
});

describe('titles', () => {
  it('gives the title, the subtitle and EDIT SIM with a simId', () => {
    expect(screenTitle('/sims/createsim', '')).toEqual({ title: 'SIMS', subtitle: 'CREATE SIM' });
    expect(screenTitle('/sims/createsim', '?simId=3')).toEqual({ title: 'SIMS', subtitle: 'EDIT SIM' });
    expect(screenTitle('/sims/createsim', '?simId=3&view=1')).toEqual({ title: 'SIMS', subtitle: 'VIEW SIM' });
    expect(screenTitle('/admin/', '')).toEqual({ title: 'ADMIN', subtitle: undefined });
    expect(documentTitle('/dashboard', '')).toBe('SimCentre | DASHBOARD');
    expect(documentTitle('/sims/takesim', '')).toBe('SimCentre | SIMS - TAKE SIM');
  });
});

describe('small rules', () => {
  it('cuts texts with an ellipsis and caps badges at 999', () => {
    expect(cutText('a'.repeat(40), 40)).toBe('a'.repeat(40));
    expect(cutText('a'.repeat(41), 40)).toBe(`${'a'.repeat(37)}...`);
    expect(badgeCount(1500)).toBe(999);
    expect(badgeCount(-2)).toBe(0);
  });
  it('links status and sub-status', () => {
    expect(defaultSubStatus('applicant')).toBe('Candidate');
    expect(defaultSubStatus('postEmployment')).toBe('Promotion Non-CC');
    expect(isValidSubStatus('active', 'Nesting')).toBe(true);
    expect(isValidSubStatus('active', 'Hired')).toBe(false);
  });
});
