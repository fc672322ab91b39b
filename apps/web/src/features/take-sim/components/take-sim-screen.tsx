import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SchoolIcon from '@mui/icons-material/School';
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  Grid,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { TTakeSimResponse } from '@sim/shared';
import { TAKE_SIM_TEXTS as T } from '@sim/shared';
import { useEffect, useRef } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Attempt } from '../lib/attempt';
import { layoutsOf } from '../lib/case-inputs';
import type { LevelRecording } from '../lib/level-recording';
import { keywordsToTick } from '../lib/live-keywords';
import type { PlayStep } from '../lib/steps';
import { type TakeSimController, useTakeSim } from '../lib/use-take-sim';
import { AttemptResult } from './attempt-result';
import { CasePanel } from './case-panel';
import { CharacterBadge } from './character-badge';
import { FeedbackDialog } from './feedback-dialog';
import { RecorderPanel } from './recorder-panel';
import { StepCounter } from './step-counter';
import { type SimResources, TakeSimHeader } from './take-sim-header';
import { WrapUpDialog } from './wrap-up-dialog';

interface TakeSimScreenProps {
  details: TTakeSimResponse;
  attempt: Attempt;
  assignmentId: string;
  /** the level has coach lines (the coach toggle is shown) */
  coachAvailable: boolean;
  resources: SimResources;
  onNewAttempt: (attempt: Attempt) => void;
  onExit: () => void;
  /** the attempt's screen recording, sent and built after All Done */
  recording?: LevelRecording | null;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="listbox"]'));

/** Keyboard: R records or stops, P plays or pauses, → and ← move between steps. */
function useShortcuts(controller: TakeSimController) {
  const latest = useRef(controller);
  latest.current = controller;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const c = latest.current;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (c.feedback || c.wrapUp || c.confirm) return;
      const key = event.key.toLowerCase();
      const step = c.current;
      if (key === 'r' && step?.learnerTurn) {
        if (c.linePhase === 'recording') c.actions.stop();
        else if (c.linePhase === 'idle' && !c.take?.recorded) c.actions.record();
      } else if (key === 'p' && step && !step.learnerTurn && step.step.audio_url) c.player.toggle();
      else if (key === 'arrowright' && !c.isLast) c.actions.next();
      else if (key === 'arrowleft') c.actions.back();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The sim-taking view of /sims/takesim (learner-and-review.md section 2, "Take-sim screen"). */
export function TakeSimScreen({
  details,
  attempt,
  assignmentId,
  coachAvailable,
  resources,
  onNewAttempt,
  onExit,
  recording = null,
}: TakeSimScreenProps) {
  const c = useTakeSim({
    details,
    attempt,
    assignmentId,
    onNewAttempt,
    onExit,
    beforeFinish: recording?.finish ?? undefined,
  });
  useShortcuts(c);
  const { level, sim } = details;
  const internalData = sim.product_type.toLowerCase().includes('internal data');
  const layouts = internalData ? layoutsOf(details.layouts) : [];

  if (c.final) {
    const lines = c.steps
      .filter((s) => s.learnerTurn)
      .map((step) => ({ step, lineId: c.takes[step.step._id]?.lineId ?? null }));
    return (
      <AttemptResult
        levelName={level.name}
        result={c.final}
        lines={lines}
        voiceOnly={sim.product_type.toLowerCase().includes('voice only')}
        onBack={onExit}
      />
    );
  }

  return (
    <Box sx={{ maxWidth: layouts.length > 0 ? 1400 : 960, mx: 'auto' }}>
      <TakeSimHeader levelName={level.name} levelNumber={level.order + 1} simTitle={sim.title} resources={resources} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: layouts.length > 0 ? 7 : 12 }}>
          {c.current ? <StepCard c={c} step={c.current} /> : <Alert severity="info">{T.emptyLevel}</Alert>}
          <ScreenFooter c={c} canToggleCoach={coachAvailable} withoutCoach={attempt.withoutCoach} />
        </Grid>
        {layouts.length > 0 && (
          <Grid size={{ xs: 12, md: 5 }}>
            <CasePanel
              layouts={layouts}
              simId={sim._id}
              attemptId={attempt.id}
              step={c.current?.step ?? null}
              autoPopulate={level.auto_populate}
            />
          </Grid>
        )}
      </Grid>
      <Dialogs
        c={c}
        naturalLanguage={sim.natural_lenguage}
        withoutCoach={attempt.withoutCoach}
        uploadPercent={recording?.uploadPercent ?? null}
      />
    </Box>
  );
}

function StepCard({ c, step }: { c: TakeSimController; step: PlayStep }) {
  const locked = c.linePhase !== 'idle';
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={T.stepCounter(c.index + 1, c.steps.length)}
      sx={{ p: { xs: 2, sm: 3 }, borderTop: 4, borderTopColor: 'primary.main' }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <CharacterBadge character={step.step.character} type={step.type} />
        <StepCounter
          steps={c.steps}
          index={c.index}
          done={c.visited}
          canJump={!c.autoplay}
          disabled={c.busy}
          onJump={c.actions.goTo}
        />
      </Stack>
      {step.learnerTurn && <Chip label={T.yourTurn} color="warning" size="small" sx={{ mb: 1 }} />}
      <ShownLine step={step} />
      {step.learnerTurn ? <LearnerTurn c={c} step={step} /> : <CharacterClip c={c} step={step} />}
      <Divider sx={{ my: 2 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={c.actions.back} disabled={c.index === 0 || c.busy || locked}>
          {T.back}
        </Button>
        {c.isLast ? (
          <Button
            variant="contained"
            color="success"
            startIcon={<DoneAllIcon />}
            onClick={c.actions.done}
            disabled={c.busy || locked}
          >
            {T.done}
          </Button>
        ) : (
          <Button
            variant="contained"
            endIcon={<ArrowForwardIcon />}
            onClick={c.actions.next}
            disabled={c.busy || locked}
          >
            {T.next}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function ShownLine({ step }: { step: PlayStep }) {
  const { shown } = step;
  const sx = { fontSize: { xs: '1.1rem', sm: '1.25rem' }, lineHeight: 1.5, whiteSpace: 'pre-wrap' } as const;
  switch (shown.kind) {
    case 'text':
      return (
        <Typography data-testid="step-text" sx={sx}>
          {shown.text || T.noText}
        </Typography>
      );
    case 'hint':
      return (
        <Typography data-testid="step-text" sx={sx}>
          <strong>{T.hint}:</strong> {shown.text}
        </Typography>
      );
    case 'keywords':
      return (
        <Typography data-testid="step-text" color="text.secondary">
          {T.keywordsOnly}
        </Typography>
      );
    default:
      return (
        <Typography data-testid="step-text" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {step.learnerTurn ? T.hiddenText : T.hiddenListen}
        </Typography>
      );
  }
}

function CharacterClip({ c, step }: { c: TakeSimController; step: PlayStep }) {
  const url = step.step.audio_url;
  const { state } = c.player;
  if (!url) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {T.noAudio}
      </Typography>
    );
  }
  const playing = state === 'playing' || state === 'loading';
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
      <audio
        key={step.step._id}
        ref={c.player.ref}
        src={url}
        preload="auto"
        data-testid="line-audio"
        {...c.player.events}
      />
      <Tooltip title={playing ? T.pause : T.play}>
        <IconButton
          aria-label={playing ? T.pause : T.play}
          onClick={c.player.toggle}
          color="primary"
          sx={{ border: 2, borderColor: 'currentColor', width: 56, height: 56 }}
        >
          {playing ? <PauseIcon fontSize="large" /> : <PlayArrowIcon fontSize="large" />}
        </IconButton>
      </Tooltip>
      <Box sx={{ flexGrow: 1, maxWidth: 320 }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {playing ? T.playing : state === 'ended' ? T.played : state === 'blocked' ? T.playBlocked : '\u00a0'}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={c.player.progress}
          aria-label={T.clipProgress}
          sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
        />
      </Box>
      {state === 'ended' && (
        <Button size="small" startIcon={<ReplayIcon />} onClick={c.player.play}>
          {T.replay}
        </Button>
      )}
    </Stack>
  );
}

function LearnerTurn({ c, step }: { c: TakeSimController; step: PlayStep }) {
  const take = c.take;
  const id = step.step._id;
  return (
    <RecorderPanel
      phase={c.linePhase}
      transcript={c.recorder.transcript}
      live={c.recorder.live}
      level={c.recorder.level}
      keywords={keywordsToTick(step.step)}
      ticked={c.recorder.ticked}
      revealKeywords={step.shown.kind === 'text' || step.shown.kind === 'keywords'}
      recorded={take?.recorded ?? false}
      endsBySilence={c.autoplay}
      clipUrl={take?.clipUrl ?? null}
      uploadProgress={c.uploadProgress}
      gradingAhead={c.gradingAhead}
      error={c.lineError ? { message: c.lineError.message, onRetry: c.lineError.retry } : null}
      onDismissError={c.dismissLineError}
      feedbackChoice={
        step.realTimeFeedback ? { value: c.feedbackFor(id), onChange: (on: boolean) => c.setFeedbackFor(id, on) } : null
      }
      onRecord={c.actions.record}
      onStop={c.actions.stop}
      onRecordAgain={c.actions.recordAgain}
    />
  );
}

function ScreenFooter({
  c,
  canToggleCoach,
  withoutCoach,
}: {
  c: TakeSimController;
  canToggleCoach: boolean;
  withoutCoach: boolean;
}) {
  // Restart and Exit stay open while the learner speaks or waits for the grade; not mid-way through a step change
  const locked = c.linePhase === 'starting' || c.linePhase === 'stopping' || c.linePhase === 'uploading';
  return (
    <Box sx={{ mt: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography component="p" sx={{ fontWeight: 600 }} data-testid="practice-mode">
          {T.practiceMode(!c.autoplay)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {canToggleCoach && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<SchoolIcon />}
              onClick={() => c.actions.ask('coach')}
              disabled={locked}
            >
              {withoutCoach ? T.coachOff : T.coachOn}
            </Button>
          )}
          <Button
            size="small"
            startIcon={<RestartAltIcon />}
            onClick={() => c.actions.ask('restart')}
            disabled={locked}
          >
            {T.restart}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<ExitToAppIcon />}
            onClick={() => c.actions.ask('exit')}
            disabled={locked}
          >
            {T.exit}
          </Button>
        </Stack>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {T.shortcuts}
      </Typography>
    </Box>
  );
}

function Dialogs({
  c,
  naturalLanguage,
  withoutCoach,
  uploadPercent,
}: {
  c: TakeSimController;
  naturalLanguage: boolean;
  withoutCoach: boolean;
  /** the screen recording's upload (null: none) */
  uploadPercent: number | null;
}) {
  // the dialog keeps its last content while it fades out
  const lastFeedback = useRef(c.feedback);
  if (c.feedback) lastFeedback.current = c.feedback;
  const feedback = c.feedback ?? lastFeedback.current;
  const feedbackStep = c.steps.find((s) => s.step._id === feedback?.scriptId);
  const confirmTitle =
    c.confirm === 'exit'
      ? T.exitTitle
      : c.confirm === 'skip'
        ? T.skipTitle
        : c.confirm === 'coach'
          ? withoutCoach
            ? T.restartWithCoachTitle
            : T.restartWithoutCoachTitle
          : T.restartTitle;
  return (
    <>
      <FeedbackDialog
        open={c.feedback !== null}
        result={feedback?.result ?? null}
        slow={feedback?.slow ?? false}
        naturalLanguage={naturalLanguage || (feedbackStep?.step.natural_lenguage ?? false)}
        clipUrl={feedbackStep ? (c.takes[feedbackStep.step._id]?.clipUrl ?? null) : null}
        isLast={feedbackStep ? c.steps.indexOf(feedbackStep) === c.steps.length - 1 : false}
        retrying={feedback?.retrying ?? false}
        error={feedback?.error ?? null}
        onRetry={c.actions.retryFeedback}
        onNext={c.actions.nextFeedback}
      />
      <WrapUpDialog
        open={c.wrapUp !== null}
        startedAt={c.wrapUp?.startedAt ?? 0}
        finishing={c.finishing}
        error={c.finishError}
        uploadPercent={uploadPercent}
        onAllDone={c.actions.allDone}
      />
      <ConfirmDialog
        open={c.confirm !== null}
        title={confirmTitle}
        message={c.confirm === 'exit' ? T.exitMessage : c.confirm === 'skip' ? T.skipMessage : T.restartMessage}
        confirmLabel={c.confirm === 'exit' ? T.exit : c.confirm === 'skip' ? T.skipConfirm : T.restart}
        busy={c.confirmBusy}
        error={
          c.confirmError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {c.confirmError}
            </Alert>
          ) : undefined
        }
        onConfirm={c.actions.confirm}
        onCancel={c.actions.cancelConfirm}
      />
    </>
  );
}
