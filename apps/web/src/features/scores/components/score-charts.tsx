import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { SCORE_TEXTS, SCORE_UI_TEXTS as T, type TScoreInsightsResponse } from '@sim/shared';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { ErrorState } from '../../../components/error-state';
import { accuracyChart, missedBars } from '../lib/score-chart';

// the chart library loads after the table's first answer, in its own chunk
const AccuracyChart = lazy(() => import('./accuracy-chart').then((m) => ({ default: m.AccuracyChart })));
const MissedKeywordsChart = lazy(() =>
  import('./missed-keywords-chart').then((m) => ({ default: m.MissedKeywordsChart })),
);
const drawing = <Skeleton variant="rounded" height={260} sx={{ mt: 1 }} />;

interface ScoreChartsProps {
  data: TScoreInsightsResponse | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The two charts side by side when there is room, one above the other otherwise. */
const ROW = { display: 'flex', flexWrap: 'wrap', gap: 2 } as const;
const WIDE = { flex: '3 1 380px', minWidth: 0 } as const;
const NARROW = { flex: '2 1 300px', minWidth: 0 } as const;

/** Read by screen readers, not shown: the figures a chart draws. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function ChartCard({ title, note, children }: { title: string; note?: string | null; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="figure" aria-labelledby={titleId} sx={{ m: 0, height: '100%' }}>
      <CardContent>
        <Typography id={titleId} variant="subtitle2" component="figcaption" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {note ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {note}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}

/**
 * Above the table: the filtered members' keyword accuracy over time (one line each when few, else the
 * median with its 25–75% band) and the most-missed keywords of the filtered attempts.
 */
export function ScoreCharts({ data, isLoading, error, onRetry }: ScoreChartsProps) {
  if (error && !data) return <ErrorState error={error} onRetry={onRetry} />;
  if (isLoading && !data)
    return (
      <Box sx={ROW} aria-busy="true">
        <Skeleton variant="rounded" height={300} sx={WIDE} />
        <Skeleton variant="rounded" height={300} sx={NARROW} />
      </Box>
    );
  const chart = accuracyChart(data);
  const bars = missedBars(data);
  const notes = [
    chart.kind === 'median' ? T.medianNote(chart.members) : null,
    data?.rows_capped ? T.rowsCapped(data.rows) : null,
  ].filter(Boolean);
  const note = notes.length > 0 ? notes.join('. ') : null;
  return (
    <Box sx={ROW}>
      <Box sx={WIDE}>
        <ChartCard title={T.accuracyTitle} note={note}>
          {chart.kind === 'empty' ? (
            <Empty text={SCORE_TEXTS.noScores} />
          ) : (
            <Suspense fallback={drawing}>
              <AccuracyChart chart={chart} />
            </Suspense>
          )}
        </ChartCard>
      </Box>
      <Box sx={NARROW}>
        <ChartCard title={T.missedTitle}>
          {bars.length === 0 ? (
            <Empty text={T.noMissedKeywords} />
          ) : (
            <>
              <Suspense fallback={drawing}>
                <MissedKeywordsChart bars={bars} />
              </Suspense>
              <ul style={visuallyHidden}>
                {bars.map((b) => (
                  <li key={b.keyword}>{`${b.keyword}: ${T.missedOf(b.missed, b.total)}`}</li>
                ))}
              </ul>
            </>
          )}
        </ChartCard>
      </Box>
    </Box>
  );
}
