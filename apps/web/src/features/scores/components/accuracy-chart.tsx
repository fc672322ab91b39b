import { Box, Stack, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { SCORE_UI_TEXTS as T, toScoreDateDisplay } from '@sim/shared';
import { bandSeries, type AccuracyChart as Chart } from '../lib/score-chart';

const HEIGHT = 260;
const percent = (v: number | null) => (v === null ? null : `${v}%`);
const tickDay = (d: Date, context: { location: string }) =>
  context.location === 'tick'
    ? `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}`
    : toScoreDateDisplay(d);
const Y_AXIS = [{ min: 0, max: 100, label: T.accuracyAxis, width: 56 }];

/** One line per member: the mean keyword accuracy of the attempts they completed that day. */
function MemberLines({ chart }: { chart: Extract<Chart, { kind: 'members' }> }) {
  return (
    <LineChart
      height={HEIGHT}
      skipAnimation
      xAxis={[{ data: chart.days, scaleType: 'time', valueFormatter: tickDay, tickInterval: chart.days }]}
      yAxis={Y_AXIS}
      series={chart.lines.map((line) => ({
        id: line.id,
        label: line.label,
        data: line.data,
        connectNulls: true,
        curve: 'linear',
        valueFormatter: percent,
      }))}
    />
  );
}

/** The daily median with the 25th–75th percentile band (two stacked areas, the lower one invisible). */
function MedianBand({ chart }: { chart: Extract<Chart, { kind: 'median' }> }) {
  const theme = useTheme();
  const band = bandSeries(chart.p25, chart.p75);
  const color = theme.palette.primary.main;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} aria-hidden>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 18, height: 3, bgcolor: color, borderRadius: 1 }} />
          <Typography variant="caption">{T.medianLabel}</Typography>
        </Stack>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 18, height: 10, bgcolor: alpha(color, 0.2), borderRadius: 0.5 }} />
          <Typography variant="caption">{T.bandLabel}</Typography>
        </Stack>
      </Stack>
      <LineChart
        height={HEIGHT}
        skipAnimation
        hideLegend
        xAxis={[{ data: chart.days, scaleType: 'time', valueFormatter: tickDay, tickInterval: chart.days }]}
        yAxis={Y_AXIS}
        series={[
          { id: 'p25', data: band.base, stack: 'band', area: true, showMark: false, color, valueFormatter: () => null },
          {
            id: 'band',
            label: T.bandLabel,
            data: band.width,
            stack: 'band',
            area: true,
            showMark: false,
            color,
            valueFormatter: (_, { dataIndex }) => `${chart.p25[dataIndex]}% – ${chart.p75[dataIndex]}%`,
          },
          { id: 'p50', label: T.medianLabel, data: chart.p50, color, curve: 'linear', valueFormatter: percent },
        ]}
        sx={{
          '& [data-series="p25"]': { fill: 'transparent', stroke: 'transparent' },
          '& .MuiAreaElement-root[data-series="band"]': { fill: alpha(color, 0.2) },
          '& .MuiLineElement-root[data-series="band"]': { stroke: 'transparent' },
        }}
      />
    </Stack>
  );
}

/** The members' keyword accuracy over time (null chart: nothing to draw; the caller shows the empty text). */
export function AccuracyChart({ chart }: { chart: Exclude<Chart, { kind: 'empty' }> }) {
  return chart.kind === 'members' ? <MemberLines chart={chart} /> : <MedianBand chart={chart} />;
}
