import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import NoteAltOutlined from '@mui/icons-material/NoteAltOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, Stack, Tooltip } from '@mui/material';
import { RESULT_TEXTS, TAKE_SIM_TEXTS, type TUserResult } from '@sim/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { dashboardReturn } from '../lib/result-params';
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
 * The result view's buttons (section 2): Re-take (learner's view; tooltip "Re-take or go to next level") or
 * View Other Level Result (reviewer's view), both back to the assignment's level cards; the recording
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
        <Button variant="outlined" startIcon={<LayersOutlined />} onClick={back}>
          {RESULT_TEXTS.viewOtherLevel}
        </Button>
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
