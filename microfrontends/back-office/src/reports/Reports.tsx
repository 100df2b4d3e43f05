// The brand's reports over a period the staff member picks (at most 92 days): profit and loss per
// day with totals, per game type and vendor, per member; each exported as the server's CSV.
import { useState } from 'react';
import { Card, CardContent, Stack, Tab, Tabs } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { DailyReport } from './DailyReport';
import { ExportCsvButton } from './ExportCsvButton';
import { GamesReport } from './GamesReport';
import { MemberReport } from './MemberReport';
import { PeriodPicker } from './PeriodPicker';
import { useStaffSession } from '../session';
import { brandDays, periodProblem, type Period } from './period';

export const REPORTS = ['daily', 'games', 'members'] as const;
type Report = (typeof REPORTS)[number];

export function Reports() {
  const translate = useTranslate();
  const [report, setReport] = useState<Report>('daily');
  const { brand } = useStaffSession();
  const [period, setPeriod] = useState<Period>(() => brandDays(brand));
  const valid = periodProblem(period) === null;
  return (
    <Card sx={{ mt: 1 }}>
      <Title title="resources.reports.name" />
      <Tabs value={report} onChange={(_, chosen: Report) => setReport(chosen)} variant="scrollable" allowScrollButtonsMobile>
        {REPORTS.map((name) => (
          <Tab key={name} value={name} label={translate(`tessera.reports.tabs.${name}`)} />
        ))}
      </Tabs>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ sm: 'flex-start' }}>
          <PeriodPicker value={period} onChange={setPeriod} />
          <ExportCsvButton rest={`/reports/${report}`} query={{ ...period }} disabled={!valid} />
        </Stack>
        {report === 'daily' ? <DailyReport period={period} valid={valid} /> : null}
        {report === 'games' ? <GamesReport period={period} valid={valid} /> : null}
        {report === 'members' && valid ? <MemberReport period={period} /> : null}
      </CardContent>
    </Card>
  );
}
