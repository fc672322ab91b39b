import { Box, Chip, CircularProgress, ListItem, Stack, Typography } from '@mui/material';
import {
  CHARACTER_COLOURS,
  type CharacterType,
  RESULT_LABELS as L,
  TAKE_SIM_TEXTS,
  type TResultLine,
} from '@sim/shared';
import { useEffect, useMemo } from 'react';
import { gradeText } from '../lib/format';
import { keywordWordIndexes } from '../lib/highlight';
import { useLineAudio } from '../lib/use-line-audio';
import { HighlightedText } from './highlighted-text';
import { LastFiveTakes } from './last-five-takes';
import { LineAudioControl } from './line-audio-control';
import { RecordingWaveform } from './recording-waveform';

interface TranscriptLineProps {
  line: TResultLine;
  /** the playlist's current line */
  active: boolean;
  playing: boolean;
  onPlay: () => void;
  onPause: () => void;
  onEnded: () => void;
  /** the audio failed to load (its signed URL may have expired: the result is asked again) */
  onAudioFailed?: () => void;
}

/** The keywords to mark: the line's, or those of its tests (natural-language sims). */
function keywordsOf(line: TResultLine) {
  if (!line.has_tests) return { matched: line.keywords_matched, missed: line.missed_keywords };
  const tests = [...line.tests_matched, ...line.missed_tests];
  return { matched: tests.flatMap((t) => t.correctKeywords), missed: tests.flatMap((t) => t.missedKeywords) };
}

const colourOf = (type: string | undefined) =>
  CHARACTER_COLOURS[(type && type in CHARACTER_COLOURS ? type : 'other') as CharacterType];

/**
 * One line of the call transcript (section 2): the character, the script with its keywords (or tests)
 * marked, the learner's transcribed text, the confidence (grade_score, 2 decimals and %), the audio, the
 * learner's recording as a waveform with its words, and the last five takes.
 */
export function TranscriptLine({
  line,
  active,
  playing,
  onPlay,
  onPause,
  onEnded,
  onAudioFailed,
}: TranscriptLineProps) {
  const audio = useLineAudio(line.audio_url);
  useEffect(() => {
    if (audio.state === 'failed') onAudioFailed?.();
  }, [audio.state, onAudioFailed]);
  const who = line.character?.name || line.character?.type || '';
  const role = line.character?.masked_type || line.character?.type || '';
  const { matched, missed } = useMemo(() => keywordsOf(line), [line]);
  const pending = line.is_agent && line.status === 'Pending' && line.id !== null;
  const keywordWords = useMemo(
    () =>
      keywordWordIndexes(
        line.words.map((w) => w.word),
        matched,
      ),
    [line.words, matched],
  );

  const element = audio.ref;
  useEffect(() => {
    const media = element.current;
    if (!media) return;
    if (active && playing)
      Promise.resolve(media.play()).catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        onPause();
      });
    else media.pause();
  }, [active, playing, element, onPause]);

  const isPlaying = active && playing;
  return (
    <ListItem
      aria-label={`${who}: ${line.script}`}
      data-testid="transcript-line"
      sx={{
        display: 'block',
        borderLeft: `4px solid ${colourOf(line.character?.type)}`,
        bgcolor: active ? 'action.hover' : undefined,
        mb: 1.5,
        pl: 2,
        pr: 1,
        py: 1,
      }}
    >
      {audio.src ? (
        <audio
          ref={audio.ref}
          src={audio.src}
          preload="metadata"
          data-testid="result-audio"
          {...audio.events}
          onEnded={onEnded}
        />
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          {who}
          {role && role !== who ? (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {role}
            </Typography>
          ) : null}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {line.is_agent && !pending && line.id ? (
            <Chip
              size="small"
              variant="outlined"
              color={line.passed === false ? 'error' : line.passed ? 'success' : 'default'}
              label={`${TAKE_SIM_TEXTS.confidence}: ${gradeText(line.grade_score)}`}
            />
          ) : null}
          <LineAudioControl
            who={who}
            state={audio.state}
            hasTranscript={line.transcribed_text.trim() !== ''}
            playing={isPlaying}
            onToggle={isPlaying ? onPause : onPlay}
          />
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="line-script">
        <HighlightedText text={line.script} matched={matched} missed={missed} />
      </Typography>
      {line.is_agent ? (
        pending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <CircularProgress size={14} />
            <Typography variant="body2">{TAKE_SIM_TEXTS.stillProcessing}</Typography>
          </Box>
        ) : line.transcribed_text ? (
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="line-transcript">
            <strong>{L.transcribed}:</strong>{' '}
            <HighlightedText text={line.transcribed_text} matched={matched} missed={[]} options={{ flexible: true }} />
          </Typography>
        ) : null
      ) : null}
      {line.is_agent && !pending ? <Outcomes line={line} /> : null}
      {line.is_agent && audio.src && line.words.length > 0 ? (
        <RecordingWaveform
          url={audio.src}
          who={who}
          words={line.words}
          keywordWords={keywordWords}
          time={audio.time}
          audioDuration={audio.duration}
          onSeek={audio.seek}
        />
      ) : null}
      {line.isLastFive ? <LastFiveTakes takes={line.lastFive} myCount={line.myCount} /> : null}
    </ListItem>
  );
}

/** The keywords said and missed, or the tests passed and missed, as chips. */
function Outcomes({ line }: { line: TResultLine }) {
  const T = TAKE_SIM_TEXTS;
  const groups = line.has_tests
    ? [
        { label: L.testsMatched, items: line.tests_matched.map((t) => t.name), good: true },
        { label: L.testsMissed, items: line.missed_tests.map((t) => t.name), good: false },
      ]
    : line.has_keywords
      ? [
          { label: T.correctKeywords, items: line.keywords_matched, good: true },
          { label: T.missedKeywords, items: line.missed_keywords, good: false },
        ]
      : [];
  if (groups.every((g) => g.items.length === 0)) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {groups.map((group) =>
        group.items.length > 0 ? (
          <Box key={group.label} component="ul" aria-label={group.label} sx={{ display: 'contents' }}>
            {group.items.map((item) => (
              <Chip
                key={item}
                component="li"
                size="small"
                color={group.good ? 'success' : 'error'}
                variant={group.good ? 'filled' : 'outlined'}
                label={item}
              />
            ))}
          </Box>
        ) : null,
      )}
    </Stack>
  );
}
