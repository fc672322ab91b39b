import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Lock from '@mui/icons-material/Lock';
import PlayArrow from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Link,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  type AttemptMode,
  figureText,
  LABELS,
  ASSIGNMENT_MESSAGES as M,
  SCORECARD_TEXTS as S,
  SIM_DETAIL_TEXTS as T,
  type TLevelStats,
} from '@sim/shared';
import { useId, useRef, useState } from 'react';
import { completionText, levelTooltip, startStep } from '../lib/level-rules';

interface LevelCardProps {
  stats: TLevelStats;
  simType: string;
  /** the assignment is PENDING REVIEW: START shows as Locked */
  locked: boolean;
  /** the learner's own assignment: START is offered */
  canStart: boolean;
  /** opens the take-sim screen; `resume` continues the unfinished attempt */
  onStart: (stats: TLevelStats, mode: AttemptMode, resume: boolean) => void;
  /** opens the level's result view */
  onViewResults: (stats: TLevelStats) => void;
}

/**
 * A level of the sim detail dialog (section 2): 'LEVEL n' and its name with the order's tooltip, START
 * (Locked while pending review), the practice/autoplay menu (no practice on order 4; hiring sims go
 * straight to autoplay), RESUME / START OVER for an unfinished attempt, the completion line and View Results
 * (once the level has a completed attempt; else "No results found").
 */
export function LevelCard({ stats, simType, locked, canStart, onStart, onViewResults }: LevelCardProps) {
  const startRef = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [resumeOpen, setResumeOpen] = useState(false);
  const [practice, setPractice] = useState(true);
  const resumeTitleId = useId();
  const tooltip = levelTooltip(stats.level_order);
  const heading = `${T.level(stats.level_order)} ${stats.level_name}`;

  const next = (skipResume: boolean) => {
    const step = startStep(stats, simType, skipResume);
    if (step.kind === 'resume') setResumeOpen(true);
    else if (step.kind === 'go') onStart(stats, step.mode, false);
    else {
      setPractice(step.practice);
      setMenuOpen(true);
    }
  };

  const resumable = stats.screen_recordings <= 0;

  return (
    <Card
      component="article"
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      aria-label={heading}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700, lineHeight: 1.5 }}>
            {T.level(stats.level_order)}
          </Typography>
          {tooltip ? (
            <Tooltip title={tooltip}>
              <IconButton size="small" aria-label={tooltip}>
                <InfoOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Stack>
        <Typography variant="h6" component="h4" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
          {stats.level_name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {completionText(stats)}
        </Typography>
        {stats.pass_fail_details ? <LatestResult latest={stats.pass_fail_details} /> : null}
        {stats.unfinished && canStart && !locked ? (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<HistoryOutlined />}
            label={T.unfinished}
            sx={{ mt: 1 }}
          />
        ) : null}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        {locked ? (
          <Tooltip title={T.lockedHint}>
            <span style={{ display: 'inline-flex' }}>
              <Button variant="contained" disabled startIcon={<Lock />} aria-label={`${M.locked} ${heading}`}>
                {M.locked}
              </Button>
            </span>
          </Tooltip>
        ) : canStart ? (
          <Button
            ref={startRef}
            variant="contained"
            startIcon={<PlayArrow />}
            onClick={() => next(false)}
            aria-haspopup={simType === 'hiring' ? undefined : 'menu'}
            aria-label={`${T.start} ${heading}`}
          >
            {T.start}
          </Button>
        ) : (
          <span />
        )}
        {stats.pass_fail_details ? (
          <Link component="button" type="button" variant="body2" onClick={() => onViewResults(stats)}>
            {T.viewResults}
          </Link>
        ) : (
          <Typography variant="caption" color="text.secondary">
            {M.noResults}
          </Typography>
        )}
      </CardActions>

      <Menu
        anchorEl={startRef.current}
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        slotProps={{ list: { 'aria-label': T.modeMenu } }}
      >
        <MenuItem
          disabled={!practice}
          onClick={() => {
            setMenuOpen(false);
            onStart(stats, 'practice', false);
          }}
        >
          <ListItemText primary={T.practice} secondary={practice ? T.practiceHint : T.noPractice} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenuOpen(false);
            onStart(stats, 'autoplay', false);
          }}
        >
          <ListItemText primary={T.autoplay} secondary={T.autoplayHint} />
        </MenuItem>
      </Menu>

      <Dialog open={resumeOpen} onClose={() => setResumeOpen(false)} aria-labelledby={resumeTitleId} maxWidth="xs">
        <DialogTitle id={resumeTitleId}>{T.resumeTitle}</DialogTitle>
        <DialogContent>
          {resumable ? (
            <DialogContentText>{T.resumeMessage}</DialogContentText>
          ) : (
            <Alert severity="info">{M.partialRecordings}</Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setResumeOpen(false)}>{LABELS.cancel}</Button>
          <Button
            variant={resumable ? 'outlined' : 'contained'}
            onClick={() => {
              setResumeOpen(false);
              next(true);
            }}
          >
            {T.startOver}
          </Button>
          {resumable && stats.unfinished ? (
            <Button
              variant="contained"
              onClick={() => {
                setResumeOpen(false);
                onStart(stats, stats.unfinished?.mode ?? 'practice', true);
              }}
            >
              {T.resume}
            </Button>
          ) : null}
        </DialogActions>
      </Dialog>
    </Card>
  );
}

/**
 * The level's latest completed attempt (issue 31): its overall figure (the keyword accuracy on a Voice Only
 * sim, whose overall is that figure), and PASS / NOT PASSED on the level that carries the sim's criteria.
 */
function LatestResult({ latest }: { latest: NonNullable<TLevelStats['pass_fail_details']> }) {
  const figure = latest.overall_percentage ?? latest.keyword_accuracy;
  return (
    <Stack
      role="group"
      aria-label={S.latestResult}
      direction="row"
      spacing={1}
      sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {S.latestFigure(figureText(figure))}
      </Typography>
      {latest.passed === null ? null : (
        <Chip
          size="small"
          color={latest.passed ? 'success' : 'error'}
          label={latest.passed ? S.passed : S.notPassed}
          sx={{ fontWeight: 700 }}
        />
      )}
    </Stack>
  );
}
