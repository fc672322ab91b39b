import { Alert } from '@mui/material';
import { TAKE_SIM_TEXTS as T } from '@sim/shared';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { takeSimKeys } from '../api/keys';
import { useTakeSimDetails } from '../api/take-sim-details';
import type { Attempt } from '../lib/attempt';
import type { LevelRecording, LevelRecordingPart } from '../lib/level-recording';
import { openAttempt } from '../lib/open-attempt';
import { hasCoachLines } from '../lib/steps';
import {
  exitTarget,
  readTakeSimQuery,
  readTakeSimState,
  type TakeSimQuery,
  type TakeSimState,
} from '../lib/take-sim-params';
import { type AttemptResultSlot, AttemptResultSlotContext, type FinishedAttempt } from './attempt-result';
import type { SimResources } from './take-sim-header';
import { TakeSimScreen } from './take-sim-screen';

/** The parts of the page that come from other features; src/app composes them (docs/architecture.md). */
export interface TakeSimParts {
  /** the post-attempt view after All Done (the full result view) */
  AttemptResult?: ComponentType<FinishedAttempt>;
  /** the Screen Recording dialog and the recording of a level with screen recording on */
  ScreenRecording?: LevelRecordingPart;
}

/**
 * /sims/takesim (learner-and-review.md section 2): the query levelId, assignment_id, sim_id, user_id,
 * reviewer, order, continueSimLevel, activeIndex, exit and the navigation state {assignment, type,
 * documents, hotLinks, screenRecording, mode, user_response_id, viewResult}. Opens (or resumes) an attempt
 * of the level and plays it; after All Done it shows the attempt's result (the result view the app passes).
 */
export function TakeSimPage({ parts }: { parts?: TakeSimParts } = {}) {
  const [params] = useSearchParams();
  const location = useLocation();
  const query = useMemo(() => readTakeSimQuery(params), [params]);
  const state = useMemo(() => readTakeSimState(location.state), [location.state]);
  const Result = parts?.AttemptResult;
  const slot = useMemo<AttemptResultSlot | null>(
    () =>
      Result && query
        ? {
            Result,
            query: {
              assignmentId: query.assignmentId,
              simId: query.simId,
              levelId: query.levelId,
              userId: query.userId,
              type: state.type,
            },
          }
        : null,
    [Result, query, state.type],
  );

  // viewResult never reaches here: the app's take-sim route shows the result view for it
  if (!query) return <Alert severity="warning">{T.missingParams}</Alert>;
  return (
    <AttemptResultSlotContext.Provider value={slot}>
      <TakeSim
        key={`${query.levelId}:${query.assignmentId}:${location.key}`}
        query={query}
        state={state}
        Recording={parts?.ScreenRecording}
      />
    </AttemptResultSlotContext.Provider>
  );
}

/**
 * The level is read twice: first as authored (to open the attempt: the sim's kind, the level's order), then
 * as the attempt plays it (the server leaves the coach's lines out of an attempt without coach and gives each
 * learner line its take), so that the step index kept by the stats is the index RESUME finds again.
 */
function TakeSim({
  query,
  state,
  Recording,
}: {
  query: TakeSimQuery;
  state: TakeSimState;
  Recording?: LevelRecordingPart;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const base = useTakeSimDetails(query.levelId, query.assignmentId, null);
  const opened = useQuery({
    queryKey: takeSimKeys.attempt(query.levelId, query.assignmentId, location.key),
    queryFn: () => {
      if (!base.data) throw new Error('the level is not loaded');
      return openAttempt(query, state, base.data);
    },
    enabled: base.isSuccess,
    // a POST that opens the attempt: once per visit of the page, never again by itself
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const [restarted, setRestarted] = useState<Attempt | null>(null);
  const current = restarted ?? opened.data ?? null;
  const played = useTakeSimDetails(query.levelId, query.assignmentId, current?.id ?? null, current !== null);

  const simType = base.data?.sim.sim_type ?? null;
  const exit = useCallback(() => {
    const target = exitTarget(query, state, simType);
    navigate(target.to, { state: target.state });
  }, [navigate, query, state, simType]);

  if (base.isError) return <ErrorState error={base.error} onRetry={() => void base.refetch()} />;
  if (opened.isError) return <ErrorState error={opened.error} onRetry={() => void opened.refetch()} />;
  if (played.isError) return <ErrorState error={played.error} onRetry={() => void played.refetch()} />;
  if (!base.data || !current || !played.data) return <PageSpinner />;

  const coachAvailable = hasCoachLines(base.data.level);
  // a resumed attempt made without the coach: the server's steps have none of the coach's lines
  const attempt =
    restarted === null && opened.data?.resumed
      ? { ...current, withoutCoach: coachAvailable && !hasCoachLines(played.data.level) }
      : current;
  const { sim } = played.data;
  const resources: SimResources = {
    demoVideoUrl: sim.captivate_demo_video?.url ?? state.captivateDemoUrl,
    learningUrl: sim.captivate_url ?? state.captivateLearningUrl,
    documents:
      state.documents.length > 0 ? state.documents : sim.documents.map((d) => ({ name: d.fileName, url: d.url })),
    hotLinks: state.hotLinks.length > 0 ? state.hotLinks : sim.hot_links,
  };

  const screen = (recording: LevelRecording | null) => (
    <TakeSimScreen
      key={attempt.id}
      details={played.data}
      attempt={recording?.startedAt ? { ...attempt, startedAt: recording.startedAt } : attempt}
      assignmentId={query.assignmentId}
      coachAvailable={coachAvailable}
      resources={resources}
      recording={recording}
      onNewAttempt={setRestarted}
      onExit={exit}
    />
  );
  // a level that records the screen asks first (before the first line); the attempt's clock starts then
  if (!Recording || !state.screenRecording) return screen(null);
  return (
    <Recording key={attempt.id} attemptId={attempt.id} enabled>
      {screen}
    </Recording>
  );
}
