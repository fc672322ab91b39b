import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { IconButton, Tooltip } from '@mui/material';
import { CREATE_LEVELS_TEXTS as T } from '@sim/shared';
import { useRef, useState } from 'react';

/** A play/pause button over an <audio> element with the clip's signed url. */
export function PlayButton({ url, label = T.play }: { url: string | null; label?: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  const name = url ? (playing ? T.pause : label) : T.noAudio;
  return (
    <>
      {url && (
        // biome-ignore lint/a11y/useMediaCaption: spoken lines whose text is shown beside the player
        <audio
          ref={audio}
          src={url}
          preload="none"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
        />
      )}
      <Tooltip title={name}>
        <span>
          <IconButton size="small" aria-label={name} disabled={!url} onClick={toggle}>
            {playing ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
