import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, IconButton, Slider, Typography } from '@mui/material';
import { AUDIO_PLAYER_TEXTS as T } from '@sim/shared';
import { useRef, useState } from 'react';

/** m:ss of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

interface AudioPlayerProps {
  src: string;
  /** what plays ("take 2", "Script audio"): the audio's name and the buttons' */
  name: string;
}

/**
 * A small player in the app's look: play / pause, a position slider and "time / length". The file is fetched
 * on the first play (preload none: a list of takes costs nothing until one is played); its length shows once
 * its header is read, never a misleading 0:00.
 */
export function AudioPlayer({ src, name }: AudioPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [length, setLength] = useState(0);
  const [failed, setFailed] = useState(false);

  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    // the state follows the element's play / pause events
    if (playing) a.pause();
    else void a.play().catch(() => setPlaying(false));
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 220, maxWidth: '100%' }}>
      {/* biome-ignore lint/a11y/useMediaCaption: a spoken clip; its words are the line's transcript */}
      <audio
        ref={audio}
        src={src}
        preload="none"
        aria-label={name}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setLength(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        onDurationChange={(e) => setLength(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        onError={() => {
          setFailed(true);
          setPlaying(false);
        }}
      />
      <IconButton
        size="small"
        color="primary"
        aria-label={playing ? T.pause(name) : T.play(name)}
        aria-pressed={playing}
        onClick={toggle}
        disabled={failed}
      >
        {playing ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
      </IconButton>
      {failed ? (
        <Typography variant="caption" color="error" role="status">
          {T.failed}
        </Typography>
      ) : (
        <>
          <Slider
            size="small"
            min={0}
            max={length || 1}
            step={0.1}
            value={Math.min(time, length || 1)}
            disabled={!length}
            onChange={(_, value) => {
              const a = audio.current;
              if (a && typeof value === 'number') {
                a.currentTime = value;
                setTime(value);
              }
            }}
            aria-label={T.position(name)}
            getAriaValueText={(v) => clock(v)}
            sx={{ flex: 1, minWidth: 80 }}
          />
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="audio-time">
            {`${clock(time)} / ${length ? clock(length) : T.unknownLength}`}
          </Typography>
        </>
      )}
    </Box>
  );
}
