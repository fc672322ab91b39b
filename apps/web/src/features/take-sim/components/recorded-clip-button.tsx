import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import StopCircleIcon from '@mui/icons-material/StopCircleOutlined';
import { Button } from '@mui/material';
import { TAKE_SIM_TEXTS as T } from '@sim/shared';
import { useEffect, useRef, useState } from 'react';

/** "Play recorded clip": the learner's own take, played from the recording kept in the page. */
export function RecordedClipButton({ url }: { url: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = audio.current;
    return () => element?.pause();
  }, []);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      element.currentTime = 0;
      Promise.resolve(element.play()).catch(() => setPlaying(false));
    } else element.pause();
  };

  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: the learner's own recording; its transcript is shown beside it */}
      <audio
        ref={audio}
        src={url}
        preload="auto"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <Button
        size="small"
        variant="outlined"
        onClick={toggle}
        startIcon={playing ? <StopCircleIcon /> : <PlayCircleIcon />}
      >
        {playing ? T.stopRecorded : T.playRecorded}
      </Button>
    </>
  );
}
