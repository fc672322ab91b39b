import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GavelIcon from '@mui/icons-material/Gavel';
import { Box, Button, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { EVIDENCE_TEXTS as E, evidenceNote, keywordText, type TKeywordEvidence } from '@sim/shared';
import { useId, useState } from 'react';
import { useToast } from '../../../lib/toast';
import { sourcesText } from '../lib/evidence';
import { resultDate } from '../lib/format';
import { KeywordOverrideDialog } from './keyword-override-dialog';

interface KeywordEvidenceListProps {
  /** the learner's line (ZResultLine.id) */
  lineId: string;
  who: string;
  evidence: readonly TKeywordEvidence[];
  /** a reviewer who may mark PASS / NO PASS: a button per keyword to overturn or grant it */
  canOverride: boolean;
}

/**
 * Each keyword of a learner's line with its evidence (issue 30): credited or missed, which recogniser(s)
 * heard it, how sure, where; what the transcript holds in its place when that is not the keyword; a
 * reviewer's decision on it; and for a reviewer the button that changes it.
 */
export function KeywordEvidenceList({ lineId, who, evidence, canOverride }: KeywordEvidenceListProps) {
  const headingId = useId();
  const toast = useToast();
  const [changing, setChanging] = useState<TKeywordEvidence | null>(null);
  if (evidence.length === 0) return null;
  return (
    <Box component="section" aria-label={E.listOf(who)} sx={{ mt: 1 }}>
      <Typography id={headingId} variant="overline" component="h4" color="text.secondary" sx={{ lineHeight: 2 }}>
        {E.listTitle}
      </Typography>
      <List dense disablePadding aria-labelledby={headingId}>
        {evidence.map((entry) => (
          <EvidenceItem
            key={entry.keyword}
            entry={entry}
            canOverride={canOverride}
            onChange={() => setChanging(entry)}
          />
        ))}
      </List>
      {changing ? (
        <KeywordOverrideDialog
          lineId={lineId}
          entry={changing}
          onClose={() => setChanging(null)}
          onDone={(message) => {
            setChanging(null);
            toast.show('success', message);
          }}
        />
      ) : null}
    </Box>
  );
}

function EvidenceItem({
  entry,
  canOverride,
  onChange,
}: {
  entry: TKeywordEvidence;
  canOverride: boolean;
  onChange: () => void;
}) {
  const note = evidenceNote(entry);
  const sources = sourcesText(entry);
  const span = entry.start !== null && entry.end !== null ? E.span(entry.start, entry.end) : null;
  const { override } = entry;
  return (
    <ListItem
      disableGutters
      data-testid="keyword-evidence"
      data-credited={entry.credited ? 'true' : 'false'}
      aria-label={keywordText(entry.keyword)}
      sx={{ display: 'block', py: 0.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
          {keywordText(entry.keyword)}
        </Typography>
        <Chip
          size="small"
          color={entry.credited ? 'success' : 'error'}
          variant={entry.credited ? 'filled' : 'outlined'}
          icon={entry.credited ? <CheckCircleIcon /> : <CancelIcon />}
          label={entry.credited ? E.credited : E.missed}
        />
        {canOverride ? (
          <Button
            size="small"
            variant="text"
            color={entry.credited ? 'error' : 'success'}
            startIcon={<GavelIcon fontSize="small" />}
            onClick={onChange}
          >
            {entry.credited ? E.overturn(entry.keyword) : E.grant(entry.keyword)}
          </Button>
        ) : null}
      </Stack>
      <Typography variant="caption" component="p" color="text.secondary" data-testid="evidence-facts">
        {[
          sources ? `${E.heardBy}: ${sources}` : E.notHeard,
          entry.confidence !== null ? E.confidence(entry.confidence) : null,
          span ? `${entry.sources.length > 0 ? E.at : E.expectedAt} ${span}` : E.noTime,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {note ? (
        <Typography
          variant="body2"
          component="p"
          color={entry.credited ? 'warning.dark' : 'error.dark'}
          data-testid="evidence-note"
        >
          {note}
        </Typography>
      ) : null}
      {override ? (
        <Box
          data-testid="evidence-override"
          sx={{ mt: 0.5, pl: 1, borderLeft: 3, borderColor: override.credited ? 'success.main' : 'error.main' }}
        >
          <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
            {E.decision(override.credited, override.by_name, resultDate(override.at))}
          </Typography>
          <Typography variant="body2" component="p">
            {E.reasonOf(override.reason)}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary">
            {E.autoWas(entry.auto_credited)}
          </Typography>
        </Box>
      ) : null}
    </ListItem>
  );
}
