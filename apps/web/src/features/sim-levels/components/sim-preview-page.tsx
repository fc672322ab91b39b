import { Alert, Box, Chip, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { CHARACTER_COLOURS, SIM_BUILDER_TEXTS, CREATE_LEVELS_TEXTS as T } from '@sim/shared';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { type TFullSim, useFullDetails } from '../api/full-details';
import { type LearnerLine, learnerLines } from '../lib/learner-view';
import { CharacterAvatar } from './character-avatar';
import { PlayButton } from './play-button';

/**
 * /sims/preview?simId=: a read-only preview of the sim as the learner hears it, level by level, its lines in
 * order with their clips (the learner's take screen comes with a later issue).
 */
export function SimPreviewRoute() {
  const [params] = useSearchParams();
  const simId = params.get('simId');
  if (!simId) return <Alert severity="warning">{T.missingSimId}</Alert>;
  return <SimPreview simId={simId} />;
}

function SimPreview({ simId }: { simId: string }) {
  const details = useFullDetails(simId);
  if (details.isPending) return <PageSpinner />;
  if (details.isError) return <ErrorState error={details.error} onRetry={() => void details.refetch()} />;
  return <PreviewBody sim={details.data} />;
}

function PreviewBody({ sim }: { sim: TFullSim }) {
  const levels = [...sim.levels].sort((a, b) => a.order - b.order);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {T.previewOf(sim.title)}
      </Typography>
      {levels.map((level) => {
        const lines = learnerLines(level, sim.sim_characters);
        return (
          <Paper key={level._id} variant="outlined" component="section" aria-label={level.name} sx={{ p: 2, mb: 2 }}>
            <Typography variant="h6" component="h2">
              {level.name}
            </Typography>
            {lines.length === 0 ? (
              <Typography color="text.secondary">{T.emptyLevel}</Typography>
            ) : (
              <List aria-label={level.name}>
                {lines.map((line, i) => (
                  <PreviewLine key={line.script._id} line={line} index={i + 1} />
                ))}
              </List>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}

function PreviewLine({ line, index }: { line: LearnerLine; index: number }) {
  const { character, type, shown } = line;
  return (
    <ListItem
      aria-label={T.lineNumber(index)}
      sx={{ alignItems: 'flex-start', gap: 1.5, borderLeft: `4px solid ${CHARACTER_COLOURS[type]}`, mb: 1 }}
    >
      {character && <CharacterAvatar character={character} size={32} />}
      <Box sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle2">{character?.name ?? SIM_BUILDER_TEXTS.characterLabels[type]}</Typography>
          {line.learnerTurn && <Chip size="small" label={T.learnerTurn} />}
        </Stack>
        {shown.kind === 'text' && <Typography variant="body2">{shown.text}</Typography>}
        {shown.kind === 'hint' && (
          <Typography variant="body2">
            <strong>{T.hintShown}:</strong> {shown.text}
          </Typography>
        )}
        {shown.kind === 'keywords' && (
          <Typography variant="body2">
            <strong>{T.keywordsOnly}:</strong> {shown.keywords.join(', ')}
          </Typography>
        )}
        {shown.kind === 'hidden' && (
          <Typography variant="body2" color="text.secondary">
            {T.hiddenText}
          </Typography>
        )}
      </Box>
      {!line.learnerTurn && <PlayButton url={line.audioUrl} />}
    </ListItem>
  );
}
