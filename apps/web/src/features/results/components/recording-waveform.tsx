import { Box, ButtonBase, Skeleton, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import type { TTranscriptWord } from '@sim/shared';
import { EVIDENCE_TEXTS as E, keywordText, RESULT_LABELS as L } from '@sim/shared';
import { useEffect, useMemo, useRef } from 'react';
import type { KeywordSpan } from '../lib/evidence';
import { clockText } from '../lib/format';
import { useElementWidth } from '../lib/use-element-width';
import { useWaveform } from '../lib/use-waveform';
import { placeWords, timeToX, xToTime } from '../lib/waveform';

interface RecordingWaveformProps {
  /** the learner's recording */
  url: string;
  /** who speaks (the label) */
  who: string;
  words: readonly TTranscriptWord[];
  /** the indexes of the words a keyword covers (marked on the drawing and under it) */
  keywordWords: ReadonlySet<number>;
  /** the audio element's position and duration (0 before it loaded) */
  time: number;
  audioDuration: number;
  onSeek: (seconds: number) => void;
  /** the keywords' places in the recording (their evidence): drawn, and buttons that play just that span */
  spans?: readonly KeywordSpan[];
  onPlaySpan?: (span: KeywordSpan) => void;
}

const NO_SPANS: readonly KeywordSpan[] = [];
const WIDTH = 600;
const HEIGHT = 56;
const ROWS = 2;
/** a narrow drawing (a phone) has a third row of words */
const NARROW = 480;
const ROW_HEIGHT = 22;
/** the labels' pixels per character (12 px text), and the keyword buttons' */
const WORD_CHAR_PX = 7;
const MARK_CHAR_PX = 8;

/**
 * The learner's recording as a waveform, drawn on a canvas from the decoded audio, with the recognised
 * words written under it at their times (no peer product shows where a keyword was said). Keywords are
 * marked on the drawing; a click on the drawing or on a word moves the audio there.
 */
export function RecordingWaveform({
  url,
  who,
  words,
  keywordWords,
  time,
  audioDuration,
  onSeek,
  spans = NO_SPANS,
  onPlaySpan,
}: RecordingWaveformProps) {
  const theme = useTheme();
  const canvas = useRef<HTMLCanvasElement>(null);
  const wave = useWaveform(url);
  const lastWordEnd = Math.max(words.at(-1)?.end ?? 0, ...spans.map((s) => s.end));
  const duration =
    wave.status === 'ready' && wave.duration > 0 ? wave.duration : audioDuration > 0 ? audioDuration : lastWordEnd;
  // the words are placed on the drawing's logical width, their labels measured at the width it is shown at,
  // so that labels do not overlap on a narrow screen (issue 31)
  const [frame, shownWidth] = useElementWidth<HTMLDivElement>(WIDTH);
  const scale = WIDTH / shownWidth;
  const rows = shownWidth < NARROW ? ROWS + 1 : ROWS;
  const placed = useMemo(
    () => placeWords(words, duration, WIDTH, { rows, charWidth: WORD_CHAR_PX * scale }),
    [words, duration, rows, scale],
  );
  const placedSpans = useMemo(
    () =>
      placeWords(
        spans.map((s) => ({ word: keywordText(s.keyword), start: s.start, end: s.end })),
        duration,
        WIDTH,
        { rows, charWidth: MARK_CHAR_PX * scale },
      ).map((p) => ({ ...p, span: spans[p.index] as KeywordSpan })),
    [spans, duration, rows, scale],
  );

  useEffect(() => {
    const context = wave.status === 'ready' ? canvas.current?.getContext('2d') : null;
    if (!context || wave.status !== 'ready') return;
    const ratio = window.devicePixelRatio || 1;
    const element = context.canvas;
    element.width = WIDTH * ratio;
    element.height = HEIGHT * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, WIDTH, HEIGHT);
    // the keywords' stretches
    context.fillStyle = alpha(theme.palette.success.main, 0.18);
    for (const word of placed)
      if (keywordWords.has(word.index)) context.fillRect(word.left, 0, Math.max(2, word.width), HEIGHT);
    // the keywords' evidence: where each was heard (green) or expected (red)
    for (const mark of placedSpans) {
      context.fillStyle = alpha(mark.span.credited ? theme.palette.success.main : theme.palette.error.main, 0.22);
      context.fillRect(mark.left, 0, Math.max(2, mark.width), HEIGHT);
    }
    // one bar per slice; the part already played is darker
    const played = timeToX(time, duration, WIDTH);
    const bar = WIDTH / wave.peaks.length;
    wave.peaks.forEach((peak, i) => {
      const x = i * bar;
      const h = Math.max(1, peak * (HEIGHT - 4));
      context.fillStyle = x < played ? theme.palette.primary.dark : alpha(theme.palette.primary.main, 0.45);
      context.fillRect(x, (HEIGHT - h) / 2, Math.max(1, bar - 1), h);
    });
    context.fillStyle = theme.palette.error.main;
    context.fillRect(Math.min(WIDTH - 1, played), 0, 1.5, HEIGHT);
  }, [wave, placed, placedSpans, keywordWords, time, duration, theme]);

  const seekAt = (clientX: number, element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    onSeek(xToTime(clientX - box.left, box.width, duration));
  };

  return (
    <Box ref={frame} sx={{ mt: 1 }} data-testid="waveform">
      {wave.status === 'loading' ? (
        <Skeleton variant="rounded" height={HEIGHT} aria-label={L.waveform(who)} />
      ) : wave.status === 'failed' ? (
        <Typography variant="caption" color="text.secondary">
          {L.waveformFailed}
        </Typography>
      ) : (
        <Box
          component="canvas"
          ref={canvas}
          role="img"
          aria-label={L.waveform(who)}
          onClick={(event) => seekAt(event.clientX, event.currentTarget)}
          sx={{ display: 'block', width: '100%', height: HEIGHT, cursor: 'pointer' }}
        />
      )}
      {placedSpans.length > 0 ? (
        <Box
          component="ol"
          aria-label={E.marks}
          data-testid="keyword-marks"
          sx={{ position: 'relative', height: rows * ROW_HEIGHT, m: 0, p: 0, listStyle: 'none', overflow: 'hidden' }}
        >
          {placedSpans.map((mark) => (
            <Box
              component="li"
              key={`${mark.span.keyword}-${mark.start}`}
              sx={{
                position: 'absolute',
                left: `${(mark.left / WIDTH) * 100}%`,
                minWidth: `${(mark.width / WIDTH) * 100}%`,
                top: mark.row * ROW_HEIGHT,
              }}
            >
              <ButtonBase
                onClick={() => onPlaySpan?.(mark.span)}
                aria-label={E.playSpan(mark.span.keyword, mark.span.start, mark.span.end)}
                data-credited={mark.span.credited ? 'true' : 'false'}
                sx={{
                  px: 0.5,
                  width: '100%',
                  justifyContent: 'flex-start',
                  borderRadius: 0.5,
                  fontSize: 12,
                  lineHeight: '18px',
                  whiteSpace: 'nowrap',
                  fontWeight: 700,
                  border: 1,
                  borderStyle: mark.span.credited ? 'solid' : 'dashed',
                  color: mark.span.credited ? 'success.dark' : 'error.dark',
                  borderColor: mark.span.credited ? 'success.main' : 'error.main',
                  bgcolor: alpha(mark.span.credited ? theme.palette.success.main : theme.palette.error.main, 0.12),
                  '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}` },
                }}
              >
                <span aria-hidden="true">▶&nbsp;</span>
                {keywordText(mark.span.keyword)}
              </ButtonBase>
            </Box>
          ))}
        </Box>
      ) : null}
      {words.length > 0 ? (
        <Box
          component="ol"
          aria-label={L.words}
          sx={{ position: 'relative', height: rows * ROW_HEIGHT, m: 0, p: 0, listStyle: 'none', overflow: 'hidden' }}
        >
          {placed.map((word) => {
            const keyword = keywordWords.has(word.index);
            const current = time >= word.start && time < word.end;
            return (
              <Box
                component="li"
                key={`${word.index}-${word.start}`}
                sx={{ position: 'absolute', left: `${(word.left / WIDTH) * 100}%`, top: word.row * ROW_HEIGHT }}
              >
                <ButtonBase
                  onClick={() => onSeek(word.start)}
                  aria-label={L.seekTo(word.word, clockText(word.start))}
                  data-keyword={keyword ? 'true' : undefined}
                  sx={{
                    px: 0.25,
                    borderRadius: 0.5,
                    fontSize: 12,
                    lineHeight: '20px',
                    whiteSpace: 'nowrap',
                    fontWeight: keyword ? 700 : 400,
                    color: keyword ? 'success.dark' : 'text.secondary',
                    bgcolor: current
                      ? 'action.selected'
                      : keyword
                        ? alpha(theme.palette.success.main, 0.12)
                        : undefined,
                    '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}` },
                  }}
                >
                  {word.word}
                </ButtonBase>
              </Box>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}
