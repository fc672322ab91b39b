import { Box, Chip, CircularProgress, ListItem, Stack, Typography } from '@mui/material';
import {
  CHARACTER_COLOURS,
  type CharacterType,
  RESULT_LABELS as L,
  SCORECARD_TEXTS,
  TAKE_SIM_TEXTS,
  type TResultLine,
} from '@sim/shared';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { heardMarks, type KeywordSpan, keywordSpans } from '../lib/evidence';
import { gradeText } from '../lib/format';
import { keywordWordIndexes } from '../lib/highlight';
import { useLineAudio } from '../lib/use-line-audio';
import { HighlightedText } from './highlighted-text';
import { KeywordEvidenceList } from './keyword-evidence';
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
  /** a reviewer who may mark PASS / NO PASS: may overturn or grant each keyword */
  canOverride?: boolean;
  /** someone else's result: the learner's (agent) line is named after the learner (the sim may call it "You") */
  learnerName?: string | null;
}

const NO_EVIDENCE: TResultLine['evidence'] = [];

/**
 * The keywords to mark: the line's (as its evidence decides them, a reviewer's decision included, when it has
 * evidence), or those of its tests (natural-language sims).
 */
function keywordsOf(line: TResultLine) {
  const evidence = line.evidence ?? NO_EVIDENCE;
  if (!line.has_tests && evidence.length > 0)
    return {
      matched: evidence.filter((e) => e.credited).map((e) => e.keyword),
      missed: evidence.filter((e) => !e.credited).map((e) => e.keyword),
    };
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
  canOverride = false,
  learnerName = null,
}: TranscriptLineProps) {
  const audio = useLineAudio(line.audio_url);
  const scoreCaptionId = useId();
  useEffect(() => {
    if (audio.state === 'failed') onAudioFailed?.();
  }, [audio.state, onAudioFailed]);
  const who = (line.is_agent && learnerName) || line.character?.name || line.character?.type || '';
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

  const evidence = line.evidence ?? NO_EVIDENCE;
  const spans = useMemo(() => keywordSpans(evidence), [evidence]);
  // what was heard in a keyword's place, when the transcript writes it otherwise, is marked there too
  const heard = useMemo(() => heardMarks(line.transcribed_text, evidence), [line.transcribed_text, evidence]);
  const transcriptMatched = useMemo(() => [...matched, ...heard.matched], [matched, heard.matched]);
  // a credit a reviewer overturned is marked missed where the transcript holds it
  const transcriptMissed = useMemo(
    () => [...heard.missed, ...evidence.filter((e) => e.override && !e.credited).map((e) => e.keyword)],
    [heard.missed, evidence],
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

  // a keyword's mark plays just its span: the playlist pauses, the audio goes to the start and stops at the end
  const [span, setSpan] = useState<(KeywordSpan & { n: number }) | null>(null);
  const playSpan = useCallback(
    (s: KeywordSpan) => {
      onPause();
      setSpan((previous) => ({ ...s, n: (previous?.n ?? 0) + 1 }));
    },
    [onPause],
  );
  const { seek } = audio;
  useEffect(() => {
    const media = element.current;
    if (!span || !media) return;
    let frame = 0;
    let cancelled = false;
    const watch = () => {
      if (cancelled) return;
      if (media.ended || media.currentTime >= span.end) {
        media.pause();
        setSpan(null);
        return;
      }
      frame = requestAnimationFrame(watch);
    };
    seek(span.start);
    Promise.resolve(media.play())
      .then(() => {
        if (!cancelled) frame = requestAnimationFrame(watch);
      })
      .catch(() => {
        if (!cancelled) setSpan(null);
      });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [span, element, seek]);

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
          onEnded={span ? () => setSpan(null) : onEnded}
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
            <>
              <Chip
                size="small"
                variant="outlined"
                color={line.passed === false ? 'error' : line.passed ? 'success' : 'default'}
                label={`${TAKE_SIM_TEXTS.confidence}: ${gradeText(line.grade_score)}`}
                aria-describedby={scoreCaptionId}
              />
              <Typography
                id={scoreCaptionId}
                variant="caption"
                color="text.secondary"
                data-testid="line-score-caption"
                sx={{ display: { xs: 'none', sm: 'inline' } }}
              >
                {SCORECARD_TEXTS.lineScoreCaption(line.passed, line.has_tests)}
              </Typography>
            </>
          ) : null}
          <LineAudioControl
            who={who}
            state={audio.state}
            hasTranscript={line.transcribed_text.trim() !== ''}
            playing={isPlaying}
            onToggle={
              isPlaying
                ? onPause
                : () => {
                    setSpan(null);
                    onPlay();
                  }
            }
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
            <HighlightedText
              text={line.transcribed_text}
              matched={transcriptMatched}
              missed={transcriptMissed}
              options={{ flexible: true }}
            />
          </Typography>
        ) : null
      ) : null}
      {line.is_agent && !pending ? <Outcomes line={line} matched={matched} missed={missed} /> : null}
      {line.is_agent && audio.src && (line.words.length > 0 || spans.length > 0) ? (
        <RecordingWaveform
          url={audio.src}
          who={who}
          words={line.words}
          keywordWords={keywordWords}
          time={audio.time}
          audioDuration={audio.duration}
          onSeek={audio.seek}
          spans={spans}
          onPlaySpan={playSpan}
        />
      ) : null}
      {line.is_agent && !pending && line.id ? (
        <KeywordEvidenceList lineId={line.id} who={who} evidence={evidence} canOverride={canOverride} />
      ) : null}
      {line.isLastFive ? <LastFiveTakes takes={line.lastFive} myCount={line.myCount} /> : null}
    </ListItem>
  );
}

/** The keywords said and missed, or the tests passed and missed, as chips. */
function Outcomes({
  line,
  matched,
  missed,
}: {
  line: TResultLine;
  /** the line's keywords said and missed (keywordsOf) */
  matched: readonly string[];
  missed: readonly string[];
}) {
  const T = TAKE_SIM_TEXTS;
  const groups = line.has_tests
    ? [
        { label: L.testsMatched, items: line.tests_matched.map((t) => t.name), good: true },
        { label: L.testsMissed, items: line.missed_tests.map((t) => t.name), good: false },
      ]
    : line.has_keywords
      ? [
          { label: T.correctKeywords, items: matched, good: true },
          { label: T.missedKeywords, items: missed, good: false },
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
