import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import NoteAltOutlined from '@mui/icons-material/NoteAltOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, ListItemText, Menu, MenuItem, Stack, Tooltip } from '@mui/material';
import { RESULT_LABELS as L, RESULT_TEXTS, SCORECARD_TEXTS as S, TAKE_SIM_TEXTS, type TUserResult } from '@sim/shared';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLevelResults } from '../api/level-results';
import { dashboardReturn, levelResultUrl } from '../lib/result-params';
import { AssessorNotesDialog } from './assessor-notes-dialog';
import { RecordingPreviewButtons } from './recording-preview';
import { offersVoiceService, VoiceServiceButton } from './voice-service-button';

interface ResultActionsProps {
  result: TUserResult;
  /** the reviewer's view (reviewer=true): View Other Level Result; else Re-take */
  reviewer: boolean;
  learner: boolean;
  ownResult: boolean;
  canViewNotes: boolean;
  /** the sim's kind or the dashboard's list type, carried back */
  type: string | null;
  /** after an attempt: Back to Dashboard */
  onBack?: () => void;
  onNotesSaved: (message: string) => void;
}

/**
 * The result view's buttons (section 2): Re-take (learner's view; tooltip "Re-take or go to next level"),
 * back to the assignment's level cards, or View Other Level Result (reviewer's view: a menu of the levels,
 * whose result view opens in place, issue 31); the recording
 * previews; the assessor notes; the voice-recording hand-off when offered; Back to Dashboard after an attempt.
 */
export function ResultActions(p: ResultActionsProps) {
  const navigate = useNavigate();
  const [notesOpen, setNotesOpen] = useState(false);
  const { result } = p;
  const back = () => {
    const target = dashboardReturn({
      assignmentId: result.assignment_id,
      simId: result.sim_id,
      userId: result.user._id,
      type: p.type ?? result.sim_type,
    });
    navigate(target.to, { state: target.state });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
      {p.reviewer ? (
        <OtherLevels result={result} type={p.type} />
      ) : (
        <Tooltip title={RESULT_TEXTS.retakeTooltip} describeChild>
          <Button variant="outlined" startIcon={<ReplayIcon />} onClick={back}>
            {RESULT_TEXTS.retake}
          </Button>
        </Tooltip>
      )}
      <RecordingPreviewButtons result={result} learner={p.learner} />
      {p.canViewNotes ? (
        <Button variant="outlined" startIcon={<NoteAltOutlined />} onClick={() => setNotesOpen(true)}>
          {RESULT_TEXTS.assessorNotes}
        </Button>
      ) : null}
      {offersVoiceService(result) ? <VoiceServiceButton result={result} /> : null}
      {p.onBack ? (
        <Button variant="contained" startIcon={<ArrowBackIcon />} onClick={p.onBack}>
          {TAKE_SIM_TEXTS.backToDashboard}
        </Button>
      ) : null}
      {notesOpen ? (
        <AssessorNotesDialog
          attemptId={result._id}
          ownResult={p.ownResult}
          onClose={() => setNotesOpen(false)}
          onSaved={(message) => {
            setNotesOpen(false);
            p.onNotesSaved(message);
          }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * View Other Level Result: the assignment's levels (those without a completed attempt disabled, "No results
 * found"); choosing one opens its result view, the reviewer's view kept.
 */
function OtherLevels({ result, type }: { result: TUserResult; type: string | null }) {
  const navigate = useNavigate();
  const anchor = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const levels = useLevelResults(
    { simId: result.sim_id, assignmentId: result.assignment_id, userId: result.user._id },
    open,
  );
  const stats = [...(levels.data?.stats ?? [])].sort((a, b) => a.level_order - b.level_order);
  const go = (levelId: string) => {
    setOpen(false);
    navigate(
      levelResultUrl({
        assignmentId: result.assignment_id,
        simId: result.sim_id,
        userId: result.user._id,
        levelId,
        reviewer: true,
      }),
      { state: { type: type ?? result.sim_type } },
    );
  };
  return (
    <>
      <Button
        ref={anchor}
        variant="outlined"
        startIcon={<LayersOutlined />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(true)}
      >
        {RESULT_TEXTS.viewOtherLevel}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor.current}
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ list: { 'aria-label': S.otherLevels } }}
      >
        {levels.isPending ? <MenuItem disabled>{S.loadingLevels}</MenuItem> : null}
        {levels.isError ? <MenuItem disabled>{S.noLevelResult}</MenuItem> : null}
        {stats.map((level) => {
          const current = level.level_id === result.sim_level_id;
          return (
            <MenuItem
              key={level.level_id}
              selected={current}
              disabled={!level.pass_fail_details}
              onClick={() => (current ? setOpen(false) : go(level.level_id))}
            >
              <ListItemText
                primary={L.levelOf(level.level_order + 1, level.level_name)}
                secondary={level.pass_fail_details ? null : S.noLevelResult}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
