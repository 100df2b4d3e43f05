// The back office's home page: for staff who read the chosen brand's reports, today's and the
// period's figures, what waits in the queues, and the period's days in charts; anyone else goes on
// to the first page they may use.
import { useState } from 'react';
import { Alert, Card, CardContent, LinearProgress, Stack, Typography, Button } from '@mui/material';
import { Link, Navigate } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { PAGES } from '../layout/Layout';
import { mayUse } from '../permissions';
import type { PnlDay, PnlTotals } from '../reports/figures';
import { PeriodPicker } from '../reports/PeriodPicker';
import { brandDays, periodProblem, type Period } from '../reports/period';
import { useBrandRead } from '../common/useBrandRead';
import { useStaffSession, type Brand } from '../session';
import { Charts } from './Charts';
import { Figures } from './Figures';

export interface DashboardValue {
  today: PnlTotals;
  period: PnlTotals;
  days: PnlDay[];
  pending: { deposits: number; withdrawals: number; approvals: number };
  from: string;
  to: string;
  currency: string;
}

const QUEUES = ['deposits', 'withdrawals', 'approvals'] as const;

function Pending({ pending }: { pending: DashboardValue['pending'] }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} aria-label={translate('tessera.dashboard.pending')} component="nav">
      {QUEUES.map((queue) => (
        <Button key={queue} component={Link} to={`/${queue}`} variant={pending[queue] > 0 ? 'contained' : 'outlined'} color="warning">
          {translate(`tessera.dashboard.pending_${queue}`, { smart_count: pending[queue] })}
        </Button>
      ))}
    </Stack>
  );
}

function Figuring({ asked }: { asked: Period }) {
  const translate = useTranslate();
  const dashboard = useBrandRead<DashboardValue>('/dashboard', { ...asked }, periodProblem(asked) === null);
  if (dashboard.error) {
    return <Alert severity="error">{translate((dashboard.error as Error).message || 'tessera.errors.unreachable')}</Alert>;
  }
  if (!dashboard.data) return <LinearProgress />;
  const { today, period, days, pending, from, to, currency } = dashboard.data;
  return (
    <>
      <Pending pending={pending} />
      <Figures title={translate('tessera.dashboard.today')} totals={today} currency={currency} />
      <Figures title={translate('tessera.dashboard.period', { from, to })} totals={period} currency={currency} />
      <Charts days={days} />
    </>
  );
}

/** The chosen brand's figures over a period of its days (by default its last 30). */
function BrandDashboard({ brand }: { brand: Brand | null }) {
  const [asked, setAsked] = useState<Period>(() => brandDays(brand));
  return (
    <>
      <PeriodPicker value={asked} onChange={setAsked} />
      <Figuring asked={asked} />
    </>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const { session, brand } = useStaffSession();
  if (!mayUse('dashboard', session)) {
    const first = PAGES.find(({ resource }) => mayUse(resource, session));
    if (first) return <Navigate to={`/${first.resource}`} replace />;
    return <Alert severity="info">{translate('tessera.brand.none')}</Alert>;
  }
  return (
    <Card sx={{ mt: 1 }}>
      <Title title="tessera.dashboard.title" />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {brand?.name}
        </Typography>
        <BrandDashboard key={brand?.slug} brand={brand} />
      </CardContent>
    </Card>
  );
}
