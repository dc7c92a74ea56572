import type { StatsOverview } from '@toolworks/contract/stats';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatPrice } from '@/lib/format';
import { formatDay, formatLongDay } from './format-day';

const ORANGE = '#ff7a1a';
const NAVY = '#1b3150';
const GRID = '#d5dbe3';
const TICK = { fill: '#4a5a6e', fontSize: 12 };

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * Revenue (bars, left axis) and orders (line, right axis) per day. Loaded on its own with
 * React.lazy, so recharts is fetched only when an admin opens the overview. Screen readers get
 * the same figures from the table next to it, so the drawing itself is hidden from them.
 */
export default function RevenueChart({ daily }: { daily: StatsOverview['daily'] }) {
  return (
    <div className="revenue-chart" aria-hidden="true">
      <ComposedChart
        responsive
        data={daily}
        accessibilityLayer={false}
        margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
        style={{ width: '100%', height: '100%' }}
      >
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={formatDay}
          tick={TICK}
          minTickGap={24}
          tickLine={false}
        />
        <YAxis
          yAxisId="revenue"
          tickFormatter={(value: number) => compactDollars.format(value)}
          tick={TICK}
          width={56}
          axisLine={false}
          tickLine={false}
        />
        <YAxis
          yAxisId="orders"
          orientation="right"
          allowDecimals={false}
          tick={TICK}
          width={32}
          axisLine={false}
          tickLine={false}
        />
        <Tooltip
          labelFormatter={(label) => formatLongDay(String(label))}
          formatter={(value, name) =>
            name === 'Revenue' ? formatPrice(Number(value)) : formatCount(Number(value))
          }
        />
        <Legend verticalAlign="top" height={32} />
        <Bar
          yAxisId="revenue"
          dataKey="revenue"
          name="Revenue"
          fill={ORANGE}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Line
          yAxisId="orders"
          dataKey="orders"
          name="Orders"
          type="monotone"
          stroke={NAVY}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </div>
  );
}
