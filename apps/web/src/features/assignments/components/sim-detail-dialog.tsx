import CloseIcon from '@mui/icons-material/Close';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import {
  type AttemptMode,
  LABELS,
  ASSIGNMENT_MESSAGES as M,
  SIM_DETAIL_TEXTS as T,
  type TLevelStats,
} from '@sim/shared';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { ApiError } from '../../../lib/api-client';
import { useLearnerSim } from '../api/get-learner-sim';
import { useLevelStats } from '../api/get-level-stats';
import { isLocked } from '../lib/level-rules';
import type { SimDetailTarget } from '../lib/return-state';
import { resultUrl, type TakeSimState, takeSimUrl } from '../lib/take-sim-url';
import { LevelCard } from './level-card';
import { TestSpeakersButton } from './test-speakers-button';

interface SimDetailDialogProps {
  target: SimDetailTarget;
  /** the signed-in user: their own assignment can be started */
  currentUserId: string | null;
  onClose: () => void;
}

/** The level-stats answer that means "the sim is still being written" (section 8). */
const isDrafting = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 500);

function LevelsSkeleton() {
  return (
    <Grid container spacing={2}>
      {[0, 1, 2].map((i) => (
        <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
          <Skeleton variant="rounded" height={150} />
        </Grid>
      ))}
    </Grid>
  );
}

/**
 * The sim detail dialog of an assignment (section 2): title, description, brief description, TUTORIAL
 * VIDEO, TEST SPEAKERS and the level cards. START opens /sims/takesim with the level's query and state; View
 * Results opens the level's result view (a reviewer's view when the assignment is someone else's).
 */
export function SimDetailDialog({ target, currentUserId, onClose }: SimDetailDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const sim = useLearnerSim(target.assignmentId);
  const stats = useLevelStats({ simId: target.simId, assignmentId: target.assignmentId, userId: target.userId });
  const mine = target.row ? target.row.is_mine : target.userId === currentUserId;
  const status = stats.data?.assignment_status ?? sim.data?.assignment_status ?? target.row?.status ?? '';
  const details = sim.data?.sim;
  const simType = details?.sim_type ?? target.row?.sim_type ?? 'training';
  const levels = [...(stats.data?.stats ?? [])].sort((a, b) => a.level_order - b.level_order);
  const sampleLevel = [...(details?.levels ?? [])].sort((a, b) => a.order - b.order).find((l) => l.totalScripts > 0);

  const start = (level: TLevelStats, mode: AttemptMode, resume: boolean) => {
    const unfinished = resume ? level.unfinished : null;
    const state: TakeSimState = {
      assignment: target.row,
      type: simType,
      documents: details?.documents ?? [],
      hotLinks: details?.hot_links ?? [],
      screenRecording: level.screenRecording,
      mode,
      ...(unfinished ? { user_response_id: unfinished.user_response_id } : {}),
      captivateLearningUrl: details?.captivate_url ?? null,
      captivateDemoVideo: details?.captivate_demo_video ?? null,
    };
    navigate(
      takeSimUrl({
        levelId: level.level_id,
        assignmentId: target.assignmentId,
        simId: target.simId,
        userId: target.userId,
        order: level.level_order,
        continueSimLevel: Boolean(unfinished),
        activeIndex: unfinished?.active_index ?? 0,
      }),
      { state },
    );
  };

  const viewResults = (level: TLevelStats) =>
    navigate(
      resultUrl({
        levelId: level.level_id,
        assignmentId: target.assignmentId,
        simId: target.simId,
        userId: target.userId,
        reviewer: !mine,
      }),
      { state: { viewResult: true, assignment: target.row, type: simType } },
    );

  const drafting = (stats.isError && isDrafting(stats.error)) || (stats.isSuccess && stats.data.stats.length === 0);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {details ? details.title : sim.isPending ? <Skeleton width="60%" /> : (target.row?.assignment ?? '')}
        <IconButton aria-label={LABELS.close} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {sim.isError ? (
          <ErrorState error={sim.error} onRetry={() => void sim.refetch()} />
        ) : (
          <Stack spacing={3}>
            <Box>
              {details ? (
                <>
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>{details.description}</Typography>
                  {details.brief_description ? (
                    <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                      {details.brief_description}
                    </Typography>
                  ) : null}
                </>
              ) : (
                <>
                  <Skeleton />
                  <Skeleton width="80%" />
                </>
              )}
            </Box>
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
              {details?.tutorial_video?.url ? (
                <Button
                  component="a"
                  href={details.tutorial_video.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="outlined"
                  startIcon={<OndemandVideo />}
                >
                  {T.tutorialVideo}
                </Button>
              ) : null}
              {details ? (
                <TestSpeakersButton
                  assignmentId={target.assignmentId}
                  sampleLevelId={mine && !isLocked(status) ? (sampleLevel?._id ?? null) : null}
                />
              ) : null}
            </Stack>
            <Box component="section" aria-label={T.levels}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
                {T.levels}
              </Typography>
              {stats.isPending ? (
                <LevelsSkeleton />
              ) : drafting ? (
                <Alert severity="warning">{M.levelDrafting}</Alert>
              ) : stats.isError ? (
                <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
              ) : (
                <Grid container spacing={2}>
                  {levels.map((level) => (
                    <Grid key={level.level_id} size={{ xs: 12, sm: 6, md: 4 }}>
                      <LevelCard
                        stats={level}
                        simType={simType}
                        locked={isLocked(status)}
                        canStart={mine}
                        onStart={start}
                        onViewResults={viewResults}
                      />
                    </Grid>
                  ))}
                </Grid>
              )}
            </Box>
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
