import { describe, expect, it } from 'vitest';
import { firstLine, IDLE_PLAYLIST, nextLine, type PlaylistLine, playlistIndexes, playlistReducer } from './playlist';

const customer = (audio = true): PlaylistLine => ({ is_agent: false, audio_url: audio ? '/c.mp3' : null });
const agent = (audio = true): PlaylistLine => ({ is_agent: true, audio_url: audio ? '/a.mp3' : null });
// 0 customer, 1 agent, 2 customer without audio, 3 agent, 4 coach, 5 agent without a take
const LINES = [customer(), agent(), customer(false), agent(), customer(), agent(false)];

describe('the audio playlist of the transcript', () => {
  it('single plays one line and stops', () => {
    expect(nextLine('single', LINES, 0)).toBeNull();
  });

  it('call plays every line with audio in order and stops after the last', () => {
    expect(playlistIndexes('call', LINES)).toEqual([0, 1, 3, 4]);
    expect(nextLine('call', LINES, 1)).toBe(3);
    expect(nextLine('call', LINES, 4)).toBeNull();
  });

  it('agent skips the lines that are not the agent’s', () => {
    expect(playlistIndexes('agent', LINES)).toEqual([1, 3]);
    expect(firstLine('agent', LINES)).toBe(1);
    expect(nextLine('agent', LINES, 1)).toBe(3);
    expect(nextLine('agent', LINES, 3)).toBeNull();
    expect(firstLine('agent', [customer()])).toBeNull();
  });

  it('advances on each end, then stops after the last line', () => {
    let state = playlistReducer(IDLE_PLAYLIST, { kind: 'play', index: 0, type: 'call' });
    expect(state).toEqual({ type: 'call', currentIndex: 0, playing: true });
    const seen = [state.currentIndex];
    for (let i = 0; i < 10 && state.currentIndex !== null; i++) {
      state = playlistReducer(state, { kind: 'ended', lines: LINES });
      seen.push(state.currentIndex);
    }
    expect(seen).toEqual([0, 1, 3, 4, null]);
    expect(state.playing).toBe(false);
  });

  it('pauses and resumes the same line; a single line ends the playlist', () => {
    let state = playlistReducer(IDLE_PLAYLIST, { kind: 'play', index: 3 });
    state = playlistReducer(state, { kind: 'pause' });
    expect(state).toEqual({ type: 'single', currentIndex: 3, playing: false });
    state = playlistReducer(state, { kind: 'resume' });
    expect(state.playing).toBe(true);
    state = playlistReducer(state, { kind: 'ended', lines: LINES });
    expect(state).toEqual({ type: 'single', currentIndex: null, playing: false });
    expect(playlistReducer(state, { kind: 'resume' })).toBe(state);
  });
});
