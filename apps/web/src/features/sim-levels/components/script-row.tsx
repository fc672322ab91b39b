import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Alert, Box, IconButton, Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import {
  AUTHORING_TEXTS,
  CREATE_LEVELS_MESSAGES as CM,
  SIM_BUILDER_TEXTS,
  CREATE_LEVELS_TEXTS as T,
  type TCharacter,
  type TScript,
  type VoiceName,
} from '@sim/shared';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import {
  useDeleteScript,
  useGenerateVoice,
  useSaveScript,
  useScriptRealTimeFeedback,
  useUploadAudio,
} from '../api/script-actions';
import { useEditAccess } from '../lib/edit-access';
import { hasClip, rowColour, rowTextColour } from '../lib/script-list';
import { useClipRecorder } from '../lib/use-clip-recorder';
import { AgentTools } from './agent-tools';
import { CharacterAvatar } from './character-avatar';
import type { Notify } from './notify';
import { ScriptRowToolbar } from './script-row-toolbar';
import { ScriptSummaries } from './script-summaries';
import { HighlightedText, ScriptTextEditor } from './script-text';

export interface ScriptRowProps {
  simId: string;
  levelId: string;
  script: TScript;
  /** the line's place in the level, from 1 */
  line: number;
  /** the number shown (a draft line above it counts); default `line` */
  shownLine?: number;
  count: number;
  character: TCharacter | null;
  productType: string;
  editing: boolean;
  /** a line just added: highlighted for 3 seconds */
  isNew: boolean;
  /** a line just written from a draft: ask once whether to generate its audio */
  askAudio?: boolean;
  onAudioAsked?: () => void;
  onEdit: () => void;
  onEditDone: () => void;
  /** moves the line to this place (from 1) */
  onMove: (order: number) => void;
  notify: Notify;
  onChanged: () => void;
}

type Question = 'generate' | 'overwriteAfterSave' | 'generateAfterSave' | 'record' | 'delete';

/** One script row of the canvas (authoring.md section 2 "Script row" and section 4). */
export function ScriptRow(props: ScriptRowProps) {
  const { simId, levelId, script, line, count, character, editing, isNew, notify } = props;
  const type = character?.type ?? 'other';
  const colour = rowColour(type);
  const isAgent = type === 'agent';
  const [question, setQuestion] = useState<Question | null>(null);
  const { readOnly } = useEditAccess();
  const { askAudio = false, onAudioAsked } = props;

  // a line written from a draft: the auto-generate prompt, as after saving edited text
  useEffect(() => {
    if (!askAudio) return;
    setQuestion('generateAfterSave');
    onAudioAsked?.();
  }, [askAudio, onAudioAsked]);

  const save = useSaveScript(simId);
  const remove = useDeleteScript(simId);
  const generate = useGenerateVoice(simId);
  const feedback = useScriptRealTimeFeedback(simId);
  const upload = useUploadAudio(simId);
  const recorder = useClipRecorder((audio) =>
    upload.mutate(
      { sim_id: simId, sim_script_id: script._id, audio },
      {
        onSuccess: () => notify('success', CM.audioRecorded),
        onError: (error) => notify('error', errorMessage(error)),
        onSettled: () => recorder.reset(),
      },
    ),
  );
  const busy = save.isPending || remove.isPending || generate.isPending || feedback.isPending || upload.isPending;

  const sortable = useSortable({ id: script._id, data: { kind: 'script' }, disabled: readOnly });

  const runGenerate = () =>
    generate.mutate(
      { sim_id: simId, sim_script_id: script._id, voice: character?.voice as VoiceName | undefined },
      { onError: (error) => notify('error', errorMessage(error)) },
    );

  const saveText = (text: string) =>
    save.mutate(
      { _id: script._id, sim_id: simId, script: text },
      {
        onSuccess: () => {
          props.onEditDone();
          setQuestion(hasClip(script) ? 'overwriteAfterSave' : 'generateAfterSave');
        },
        onError: (error) => notify('error', errorMessage(error)),
      },
    );

  const startRecording = () => (hasClip(script) ? setQuestion('record') : void recorder.start());

  const answer = (yes: boolean) => {
    const asked = question;
    setQuestion(null);
    if (!yes) return;
    if (asked === 'record') void recorder.start();
    else if (asked === 'delete')
      remove.mutate(
        { sim_id: simId, script_id: script._id },
        { onError: (error) => notify('error', errorMessage(error)) },
      );
    else runGenerate();
  };

  const roleLabel = character?.masked_type || SIM_BUILDER_TEXTS.characterLabels[type];

  return (
    <Paper
      ref={sortable.setNodeRef}
      variant="outlined"
      role="listitem"
      aria-label={T.lineNumber(props.shownLine ?? line)}
      data-character-type={type}
      data-highlighted={isNew ? 'true' : undefined}
      style={{
        borderColor: colour,
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
      }}
      sx={{
        borderWidth: 2,
        borderLeftWidth: 6,
        borderStyle: 'solid',
        p: 1.5,
        mb: 1.5,
        position: 'relative',
        zIndex: sortable.isDragging ? 2 : undefined,
        boxShadow: sortable.isDragging ? 6 : undefined,
        bgcolor: isNew ? alpha(colour, 0.14) : 'background.paper',
        transitionProperty: 'background-color',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 700, minWidth: 24, textAlign: 'right' }} aria-hidden>
          {props.shownLine ?? line}
        </Typography>
        <IconButton
          ref={sortable.setActivatorNodeRef}
          size="small"
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={T.dragLine(line)}
          disabled={readOnly}
          sx={{ cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
        {character && <CharacterAvatar character={character} size={32} />}
        <Box sx={{ flexGrow: 1, minWidth: 120 }}>
          <Typography variant="subtitle2" sx={{ lineHeight: 1.2 }}>
            {character?.name ?? roleLabel}
          </Typography>
          <Typography
            variant="caption"
            sx={{ color: rowTextColour(type), fontWeight: 600, textTransform: 'uppercase' }}
          >
            {roleLabel}
          </Typography>
        </Box>
        <ScriptRowToolbar
          line={line}
          count={count}
          script={script}
          isAgent={isAgent}
          busy={busy}
          generating={generate.isPending}
          recorderState={upload.isPending ? 'stopped' : recorder.state}
          onGenerate={() => setQuestion('generate')}
          onRecord={startRecording}
          onStopRecording={() => void recorder.stop()}
          onMove={props.onMove}
          onEdit={props.onEdit}
          onDelete={() => setQuestion('delete')}
        />
      </Stack>
      <Box sx={{ mt: 1, pl: { sm: 4 } }}>
        {editing ? (
          <ScriptTextEditor
            initial={script.script}
            label={T.scriptText}
            busy={save.isPending}
            onSave={saveText}
            onCancel={props.onEditDone}
          />
        ) : (
          <HighlightedText text={script.script} keywords={isAgent ? script.keywords : []} />
        )}
        {script.hide_text && (
          <Typography variant="caption" color="text.secondary">
            {T.hiddenText}
          </Typography>
        )}
        <ScriptSummaries script={script} />
        {recorder.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {recorder.error}
          </Alert>
        )}
        {isAgent && (
          <AgentTools
            simId={simId}
            script={script}
            productType={props.productType}
            busy={busy}
            onSaved={props.onChanged}
            onRealTimeFeedback={(on) =>
              feedback.mutate(
                { sim_id: simId, level_id: levelId, script_id: script._id, real_time_feedback: on },
                { onError: (error) => notify('error', errorMessage(error)) },
              )
            }
            onAudioSource={(recorded) =>
              save.mutate(
                { _id: script._id, sim_id: simId, agent_recorded_audio: recorded },
                { onError: (error) => notify('error', errorMessage(error)) },
              )
            }
          />
        )}
      </Box>
      <ConfirmDialog
        open={question === 'generate' || question === 'generateAfterSave'}
        title={T.generateAudioTitle}
        message={AUTHORING_TEXTS.autoGenerateAudio}
        confirmLabel={T.ok}
        cancelLabel={T.cancel}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
      <ConfirmDialog
        open={question === 'overwriteAfterSave'}
        title={T.generateAudioTitle}
        message={AUTHORING_TEXTS.overwriteClip}
        confirmLabel={T.yes}
        cancelLabel={T.no}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
      <ConfirmDialog
        open={question === 'record'}
        title={T.recordAudioTitle}
        message={AUTHORING_TEXTS.overwriteClip}
        confirmLabel={T.ok}
        cancelLabel={T.cancel}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
      <ConfirmDialog
        open={question === 'delete'}
        title={T.deleteScriptTitle}
        message={T.deleteScriptMessage(line)}
        confirmLabel={T.deleteConfirm}
        cancelLabel={T.cancel}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
    </Paper>
  );
}
