// The period's days in charts (recharts): money in and out, the brand's GGR and NGR, members.
// Amounts become numbers only to be drawn; every figure shown as text stays exact.
import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PnlDay } from '../reports/figures';

const SERIES_COLOURS = ['#1976d2', '#ed6c02', '#2e7d32', '#9c27b0'];

function drawn(days: PnlDay[]) {
  return days.map((day) => ({
    day: day.day.slice(5),
    deposits: Number(day.deposits),
    withdrawals: Number(day.withdrawals),
    ggr: Number(day.ggr),
    ngr: Number(day.ngr),
    newMembers: day.newMembers,
    activeMembers: day.activeMembers,
  }));
}

function Chart({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <Grid size={{ xs: 12, md: 6, lg: 4 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h3">
            {title}
          </Typography>
          <ResponsiveContainer width="100%" height={240}>
            {children}
          </ResponsiveContainer>
        </CardContent>
      </Card>
    </Grid>
  );
}

export function Charts({ days }: { days: PnlDay[] }) {
  const translate = useTranslate();
  const data = drawn(days);
  const name = (field: string) => translate(`resources.reports.fields.${field}`);
  const axes = [<CartesianGrid key="grid" strokeDasharray="3 3" />, <XAxis key="x" dataKey="day" />, <YAxis key="y" />];
  return (
    <Grid container spacing={1} sx={{ mt: 1 }}>
      <Chart title={translate('tessera.dashboard.charts.money')}>
        <BarChart data={data}>
          {axes}
          <Tooltip />
          <Legend />
          <Bar dataKey="deposits" name={name('deposits')} fill={SERIES_COLOURS[0]} />
          <Bar dataKey="withdrawals" name={name('withdrawals')} fill={SERIES_COLOURS[1]} />
        </BarChart>
      </Chart>
      <Chart title={translate('tessera.dashboard.charts.revenue')}>
        <LineChart data={data}>
          {axes}
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="ggr" name={name('ggr')} stroke={SERIES_COLOURS[2]} dot={false} />
          <Line type="monotone" dataKey="ngr" name={name('ngr')} stroke={SERIES_COLOURS[3]} dot={false} />
        </LineChart>
      </Chart>
      <Chart title={translate('tessera.dashboard.charts.members')}>
        <LineChart data={data}>
          {axes}
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="activeMembers" name={name('activeMembers')} stroke={SERIES_COLOURS[0]} dot={false} />
          <Line type="monotone" dataKey="newMembers" name={name('newMembers')} stroke={SERIES_COLOURS[1]} dot={false} />
        </LineChart>
      </Chart>
    </Grid>
  );
}
