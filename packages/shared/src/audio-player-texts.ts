/**
 * The words of the app's audio player (not in the spec; issue 31: earlier takes and a ticket's clips were the
 * browser's bare players showing 0:00). `name` is what plays: "take 2", "Script audio".
 */
export const AUDIO_PLAYER_TEXTS = {
  play: (name: string) => `Play ${name}`,
  pause: (name: string) => `Pause ${name}`,
  position: (name: string) => `Position in ${name}`,
  /** the length before the file's header is read (it is fetched on the first play) */
  unknownLength: '–:––',
  failed: 'This recording could not be played.',
} as const;
