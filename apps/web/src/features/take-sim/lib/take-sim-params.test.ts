import { describe, expect, it } from 'vitest';
import { cutLink, exitTarget, modeOfNewAttempt, readTakeSimQuery, readTakeSimState } from './take-sim-params';

describe('the query and state of /sims/takesim', () => {
  it('reads the query keys, and answers null without level, assignment and sim', () => {
    expect(readTakeSimQuery(new URLSearchParams('levelId=L&assignment_id=A'))).toBeNull();
    expect(
      readTakeSimQuery(
        new URLSearchParams(
          'levelId=L&assignment_id=A&sim_id=S&user_id=U&reviewer=false&order=2&continueSimLevel=true&activeIndex=4&exit=true',
        ),
      ),
    ).toEqual({
      levelId: 'L',
      assignmentId: 'A',
      simId: 'S',
      userId: 'U',
      reviewer: false,
      order: 2,
      continueSimLevel: true,
      activeIndex: 4,
      exit: 'true',
    });
    expect(readTakeSimQuery(new URLSearchParams('levelId=L&assignment_id=A&sim_id=S&activeIndex=-1'))).toMatchObject({
      activeIndex: null,
      continueSimLevel: false,
      userId: null,
    });
  });

  it('reads the navigation state field by field; a value of the wrong shape reads as absent', () => {
    expect(readTakeSimState(undefined)).toMatchObject({ assignment: null, mode: null, documents: [], hotLinks: [] });
    const state = readTakeSimState({
      assignment: { _id: 'A', assigned_to_id: 'U', sim_type: 'training' },
      type: 'training',
      documents: [{ id: '1', url: '/d/1', fileName: 'Guide.pdf', mimeType: 'application/pdf' }, { name: 'x' }],
      hotLinks: ['https://example.com', 3],
      screenRecording: true,
      mode: 'sideways',
      user_response_id: 'R',
      captivateLearningUrl: '/learn',
      captivateDemoVideo: { url: '/demo.mp4', fileName: 'demo.mp4' },
    });
    expect(state).toEqual({
      assignment: { assignment_id: 'A', sim_type: 'training', assigned_to_id: 'U' },
      type: 'training',
      documents: [{ url: '/d/1', name: 'Guide.pdf' }],
      hotLinks: ['https://example.com'],
      screenRecording: true,
      mode: null,
      userResponseId: 'R',
      viewResult: false,
      captivateLearningUrl: '/learn',
      captivateDemoUrl: '/demo.mp4',
    });
  });

  it('takes hiring sims and the autoplay-only level in autoplay; otherwise the chosen mode, practice by default', () => {
    expect(modeOfNewAttempt('practice', 'hiring', 0, 4)).toBe('autoplay');
    expect(modeOfNewAttempt('practice', 'training', 4, 4)).toBe('autoplay');
    expect(modeOfNewAttempt('practice', 'training', 5, 4)).toBe('practice');
    expect(modeOfNewAttempt('autoplay', 'training', 1, 4)).toBe('autoplay');
    expect(modeOfNewAttempt(null, 'training', 1, 4)).toBe('practice');
  });

  it('cuts hot links at 55 characters', () => {
    const long = `https://example.com/${'a'.repeat(60)}`;
    expect(cutLink(long, 55)).toBe(`${long.slice(0, 55)}…`);
    expect(cutLink('https://x.io', 55)).toBe('https://x.io');
  });

  it('sends Exit to the dashboard with exit, type and assigned_to_id, and the ids in the state', () => {
    const query = readTakeSimQuery(new URLSearchParams('levelId=L&assignment_id=A&sim_id=S&user_id=U'));
    if (!query) throw new Error('query');
    expect(exitTarget(query, readTakeSimState({ type: 'hiring' }), 'training')).toEqual({
      to: '/dashboard?exit=true&type=hiring&assigned_to_id=U',
      state: { sim_id: 'S', assigned_to_id: 'U', assignment_id: 'A' },
    });
    const noUser = readTakeSimQuery(new URLSearchParams('levelId=L&assignment_id=A&sim_id=S'));
    if (!noUser) throw new Error('query');
    expect(exitTarget(noUser, readTakeSimState({ assignment: { assigned_to_id: 'V' } }), 'training').to).toBe(
      '/dashboard?exit=true&type=training&assigned_to_id=V',
    );
  });
});
