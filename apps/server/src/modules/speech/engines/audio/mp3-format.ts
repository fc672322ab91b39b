/** The one MP3 format of the app's clips (generated voices and authors' recordings), so all sound alike. */
export const MP3_SAMPLE_RATE = 22050;
export const MP3_BITRATE = '64k';
/** bytes of one second of that MP3 (64 kbit/s, constant bit rate) */
export const MP3_BYTES_PER_SECOND = 8000;
/** an MP3 smaller than this holds no audio */
export const MIN_MP3_BYTES = 400;

/** ffmpeg's output options for that format: mono, 22.05 kHz, 64 kbit/s MP3. */
export function mp3OutputArgs(): string[] {
  return ['-ar', String(MP3_SAMPLE_RATE), '-ac', '1', '-c:a', 'libmp3lame', '-b:a', MP3_BITRATE, '-f', 'mp3'];
}
