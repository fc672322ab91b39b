/** The audio playlist of the call transcript (learner-and-review.md section 3, "Audio playlist"). */
export const PLAYLIST_TYPES = ['single', 'agent', 'call'] as const;
export type PlaylistType = (typeof PLAYLIST_TYPES)[number];

/** What the playlist needs of a transcript line. */
export interface PlaylistLine {
  is_agent: boolean;
  /** the line's audio (the learner's take for an agent line, the character's clip otherwise); null: none */
  audio_url: string | null;
}

export interface Playlist {
  type: PlaylistType;
  /** the line playing or paused, null when nothing is */
  currentIndex: number | null;
  playing: boolean;
}

export const IDLE_PLAYLIST: Playlist = { type: 'single', currentIndex: null, playing: false };

/** Whether a line is played by a playlist of this type: agent mode plays only the agent lines. */
export function playsLine(type: PlaylistType, line: PlaylistLine): boolean {
  if (!line.audio_url) return false;
  return type !== 'agent' || line.is_agent;
}

/** The indexes a playlist of this type plays, in order. */
export function playlistIndexes(type: PlaylistType, lines: readonly PlaylistLine[]): number[] {
  return lines.flatMap((line, i) => (playsLine(type, line) ? [i] : []));
}

/**
 * The line after `current` when its audio ends: single plays one line; agent and call go on to the next line
 * they play (agent skips the lines that are not the agent's, both skip lines without audio) and stop after
 * the last (null).
 */
export function nextLine(type: PlaylistType, lines: readonly PlaylistLine[], current: number): number | null {
  if (type === 'single') return null;
  for (let i = current + 1; i < lines.length; i++) if (playsLine(type, lines[i])) return i;
  return null;
}

/** Where a playlist of this type starts: the first line it plays (null when none has audio). */
export function firstLine(type: PlaylistType, lines: readonly PlaylistLine[]): number | null {
  return playlistIndexes(type, lines)[0] ?? null;
}

export type PlaylistEvent =
  | { kind: 'play'; index: number; type?: PlaylistType }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'ended'; lines: readonly PlaylistLine[] }
  | { kind: 'stop' };

/** The playlist's state after an event (a reducer: the transcript keeps one playlist for all its lines). */
export function playlistReducer(state: Playlist, event: PlaylistEvent): Playlist {
  switch (event.kind) {
    case 'play':
      return { type: event.type ?? 'single', currentIndex: event.index, playing: true };
    case 'pause':
      return { ...state, playing: false };
    case 'resume':
      return state.currentIndex === null ? state : { ...state, playing: true };
    case 'ended': {
      if (state.currentIndex === null) return state;
      const next = nextLine(state.type, event.lines, state.currentIndex);
      return next === null ? { ...state, currentIndex: null, playing: false } : { ...state, currentIndex: next };
    }
    case 'stop':
      return { ...state, currentIndex: null, playing: false };
  }
}
