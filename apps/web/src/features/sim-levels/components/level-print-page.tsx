import PrintIcon from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  GlobalStyles,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { CHARACTER_COLOURS, SIM_BUILDER_TEXTS, CREATE_LEVELS_TEXTS as T } from '@sim/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { type TFullSim, useFullDetails } from '../api/full-details';
import { characterOf, scriptsInOrder } from '../lib/script-list';

/** What the printer gets: the page alone, without the app's menu, top bar and footer. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, aside, footer, nav, .no-print': { display: 'none !important' },
        main: { padding: '0 !important' },
        body: { background: '#fff' },
        '.print-row': { breakInside: 'avoid' },
      },
    }}
  />
);

/** /sims/print?simId=&levelId=: the selected level's script, print-friendly; opens the print dialog. */
export function LevelPrintRoute() {
  const [params] = useSearchParams();
  const simId = params.get('simId');
  const levelId = params.get('levelId');
  if (!simId || !levelId) return <Alert severity="warning">{T.missingSimId}</Alert>;
  return <LevelPrint simId={simId} levelId={levelId} />;
}

function LevelPrint({ simId, levelId }: { simId: string; levelId: string }) {
  const details = useFullDetails(simId);
  if (details.isPending) return <PageSpinner />;
  if (details.isError) return <ErrorState error={details.error} onRetry={() => void details.refetch()} />;
  return <PrintBody sim={details.data} levelId={levelId} />;
}

function PrintBody({ sim, levelId }: { sim: TFullSim; levelId: string }) {
  const level = sim.levels.find((l) => l._id === levelId) ?? null;

  // once, when the page has its level (a refetch on focus must not open the dialog again)
  const printed = useRef(false);
  const ready = level !== null;
  useEffect(() => {
    if (!ready || printed.current) return;
    printed.current = true;
    window.print();
  }, [ready]);

  if (!level) return <Alert severity="warning">{T.levelNotFound}</Alert>;
  const scripts = scriptsInOrder(level);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', bgcolor: 'background.paper', p: 2 }}>
      {printStyles}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {T.printOf(sim.title, level.name)}
        </Typography>
        <Button className="no-print" variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {T.printAgain}
        </Button>
      </Box>
      <Table size="small" aria-label={T.canvas(level.name)}>
        <TableHead>
          <TableRow>
            <TableCell>{T.printNumber}</TableCell>
            <TableCell>{SIM_BUILDER_TEXTS.name}</TableCell>
            <TableCell>{T.scriptText}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {scripts.map((script, i) => {
            const character = characterOf(script, sim.sim_characters);
            const type = character?.type ?? 'other';
            return (
              <TableRow key={script._id} className="print-row">
                <TableCell sx={{ verticalAlign: 'top' }}>{i + 1}</TableCell>
                <TableCell sx={{ verticalAlign: 'top', borderLeft: `4px solid ${CHARACTER_COLOURS[type]}` }}>
                  <strong>{character?.name ?? SIM_BUILDER_TEXTS.characterLabels[type]}</strong>
                  <br />
                  {character?.masked_type || SIM_BUILDER_TEXTS.characterLabels[type]}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap' }}>
                  {script.script}
                  {type === 'agent' && script.keywords.length > 0 && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {T.keywords}: {script.keywords.join(', ')}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
