import { describe, expect, it } from 'vitest';
import {
  attachmentStoredType,
  canChangeTicketStatus,
  cutTicketMessage,
  DEFAULT_TICKET_FILTERS,
  formatFileSize,
  showsCloseAction,
  statusAfterWork,
  TICKET_CLOSE_STATUSES,
  TICKET_STATUSES,
  type TicketCloseStatus,
  type TicketStatus,
  ticketPassesFilters,
} from '../src/helpdesk';
import { HELPDESK_MESSAGES } from '../src/helpdesk-texts';

describe('ticket statuses (administration-and-support.md section 4)', () => {
  // from → what the close call may set
  const allowed: Record<TicketStatus, TicketCloseStatus[]> = {
    PENDING: ['RESOLVED', 'REJECTED', 'CLOSED'],
    'IN PROGRESS': ['RESOLVED', 'REJECTED', 'CLOSED'],
    RESOLVED: ['ARCHIVED'],
    REJECTED: ['ARCHIVED'],
    CLOSED: ['ARCHIVED'],
    ARCHIVED: [],
  };
  it.each(TICKET_STATUSES)('from %s', (from) => {
    for (const to of TICKET_CLOSE_STATUSES)
      expect(canChangeTicketStatus(from, to), `${from} → ${to}`).toBe(allowed[from].includes(to));
  });
  it('hides the close action for RESOLVED and REJECTED (and every finished ticket)', () => {
    expect(TICKET_STATUSES.filter(showsCloseAction)).toEqual(['PENDING', 'IN PROGRESS']);
  });
  it('starts the work on a PENDING ticket only', () => {
    expect(TICKET_STATUSES.map(statusAfterWork)).toEqual([
      'IN PROGRESS',
      'IN PROGRESS',
      'RESOLVED',
      'REJECTED',
      'CLOSED',
      'ARCHIVED',
    ]);
  });
  it('says why a change is refused', () => {
    expect(HELPDESK_MESSAGES.statusRefused('REJECTED', 'RESOLVED')).toBe(
      'This Helpdesk ticket is REJECTED: it can be marked RESOLVED only while it is PENDING or IN PROGRESS.',
    );
    expect(HELPDESK_MESSAGES.statusRefused('PENDING', 'ARCHIVED')).toMatch(/archived only once/);
  });
});

describe('the list filters (section 2)', () => {
  it.each([
    ['PENDING', false, DEFAULT_TICKET_FILTERS, true],
    ['ARCHIVED', true, DEFAULT_TICKET_FILTERS, false],
    ['ARCHIVED', true, { ...DEFAULT_TICKET_FILTERS, archived: true }, true],
    ['CLOSED', true, DEFAULT_TICKET_FILTERS, true],
    ['CLOSED', true, { ...DEFAULT_TICKET_FILTERS, resolved: false }, false],
    ['IN PROGRESS', false, { ...DEFAULT_TICKET_FILTERS, unassigned: false }, false],
    ['IN PROGRESS', true, { ...DEFAULT_TICKET_FILTERS, unassigned: false }, true],
    ['REJECTED', true, { ...DEFAULT_TICKET_FILTERS, rejected: false }, false],
  ] as const)('%s (assigned %s) with %o: %s', (status, assigned, filters, shown) => {
    expect(ticketPassesFilters({ status, assigned }, filters)).toBe(shown);
  });
});

describe('texts and files', () => {
  it('cuts a message at 40: 37 characters and an ellipsis', () => {
    expect(cutTicketMessage('x'.repeat(40))).toBe('x'.repeat(40));
    expect(cutTicketMessage('x'.repeat(41))).toBe(`${'x'.repeat(37)}...`);
    expect(cutTicketMessage('x'.repeat(41))).toHaveLength(40);
  });
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [1024 ** 3 * 2.25, '2.3 GB'],
    [1024 ** 8, '1 YB'],
    [1024 ** 9, '1024 YB'],
    [-5, '0 B'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
  it.each([
    ['shot.PNG', 'image/png'],
    ['photo.jpeg', 'image/jpeg'],
    ['guide.pdf', 'application/pdf'],
    ['log.txt', 'text/plain'],
    ['page.html', 'application/octet-stream'],
    ['logo.svg', 'application/octet-stream'],
    ['run.js', 'application/octet-stream'],
    ['archive.png.exe', 'application/octet-stream'],
    ['noextension', 'application/octet-stream'],
    ['.png', 'application/octet-stream'],
  ])('stores %s as %s', (name, type) => {
    expect(attachmentStoredType(name)).toBe(type);
  });
});
