import { BarChart } from '@mui/x-charts/BarChart';
import { SCORE_UI_TEXTS as T } from '@sim/shared';
import type { MissedBar } from '../lib/score-chart';

/** The most-missed keywords as horizontal bars, most missed on top; the tooltip says of how many times. */
export function MissedKeywordsChart({ bars }: { bars: readonly MissedBar[] }) {
  return (
    <BarChart
      height={Math.max(160, 34 * bars.length + 60)}
      skipAnimation
      hideLegend
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: bars.map((b) => b.keyword), width: 120 }]}
      xAxis={[{ label: T.missedAxis, tickMinStep: 1 }]}
      series={[
        {
          data: bars.map((b) => b.missed),
          label: T.missedAxis,
          valueFormatter: (_, { dataIndex }) => T.missedOf(bars[dataIndex].missed, bars[dataIndex].total),
        },
      ]}
    />
  );
}
