// A lottery draw: its game, numero, times in the brand's time zone, state and result version; its
// prizes laid out by prize; its settlement; for an open draw each number's liability. Staff holding
// lottery.results enter or correct a Vietnamese draw's results and cancel a draw, both waiting for
// a second staff member's approval (shown while they wait).
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Divider, Stack, Table, TableBody, TableCell, TableContainer, TableRow, Typography } from '@mui/material';
import { Show, useGetList, useRecordContext, useTranslate, type RaRecord, type ShowProps } from 'react-admin';
import { Permission } from '../permissions';
import { allows, useStaffSession } from '../session';
import { CancelDraw } from './CancelDraw';
import { FORMATS, byPrize, drawRegion } from './formats';
import { Liability } from './Liability';
import { ResultsForm } from './ResultsForm';
import { Settlement } from './Settlement';
import { StateChip } from './StateChip';
import { brandTime } from './times';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Facts({ draw, timeZone }: { draw: RaRecord; timeZone: string }) {
  const translate = useTranslate();
  const rows: [string, ReactNode][] = [
    ['gameCode', `${draw.remark} (${draw.gameCode})`],
    ['numero', draw.numero],
    ['kind', translate(`tessera.lottery.kind.${draw.kind}`, { _: draw.kind })],
    ['state', <StateChip key="state" state={draw.state} />],
    ['drawAt', brandTime(draw.drawAt, timeZone)],
    ['lockAt', brandTime(draw.lockAt, timeZone)],
    ['drawnAt', brandTime(draw.drawnAt, timeZone)],
    ['resultVersion', draw.resultVersion],
  ];
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small">
        <TableBody>
          {rows.map(([field, value]) => (
            <TableRow key={field}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 'bold', width: '40%' }}>
                {translate(`resources.lotteryDraws.fields.${field}`)}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary">
        {translate('tessera.lottery.times_in', { zone: timeZone })}
      </Typography>
    </TableContainer>
  );
}

function Prizes({ draw, region }: { draw: RaRecord; region: keyof typeof FORMATS | null }) {
  const translate = useTranslate();
  if (!draw.prizes?.length) return <Typography variant="body2">{translate('tessera.lottery.no_results')}</Typography>;
  if (!region) return <Typography sx={{ fontFamily: 'monospace' }}>{(draw.prizes as string[]).join(' ')}</Typography>;
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('tessera.lottery.prizes')}>
        <TableBody>
          {byPrize(FORMATS[region], draw.prizes).map(({ prize, numbers }) => (
            <TableRow key={prize}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 'bold', whiteSpace: 'nowrap' }}>
                {translate(`tessera.lottery.prize.${prize}`)}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: prize === 'special' ? '1.2em' : undefined, color: prize === 'special' ? 'error.main' : undefined }}>
                <Stack direction="row" flexWrap="wrap" useFlexGap columnGap={2}>
                  {numbers.map((number, index) => (
                    <span key={index}>{number}</span>
                  ))}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Whether a draw's results can be entered: drawn already, or its time has come. */
function isDue(draw: RaRecord): boolean {
  return draw.state === 'drawn' || new Date(draw.drawAt).getTime() <= Date.now();
}

function ResultsAndCancel({ draw, region }: { draw: RaRecord; region: keyof typeof FORMATS | null }) {
  const translate = useTranslate();
  const timeZone = useStaffSession().brand?.timeZone ?? 'UTC';
  const [entering, setEntering] = useState(false);
  if (draw.state === 'cancelled') return null;
  if (draw.pendingApproval) {
    return (
      <Alert
        severity="warning"
        action={
          <Button component={Link} to="/approvals" size="small" color="inherit">
            {translate('tessera.lottery.approvals_page')}
          </Button>
        }
      >
        {translate('tessera.lottery.pending', { approval: draw.pendingApproval })}
      </Alert>
    );
  }
  const vietnamese = draw.kind !== 'fast';
  const due = isDue(draw);
  return (
    <Stack spacing={2}>
      {vietnamese && !due ? <Alert severity="info">{translate('tessera.lottery.results.not_due', { at: brandTime(draw.drawAt, timeZone) })}</Alert> : null}
      {vietnamese && due && region && entering ? (
        <ResultsForm drawId={draw.id} slots={FORMATS[region]} current={draw.prizes} onDone={() => setEntering(false)} />
      ) : null}
      {!entering ? (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {vietnamese && due && region ? (
            <Button variant="contained" onClick={() => setEntering(true)}>
              {translate(draw.state === 'drawn' ? 'tessera.lottery.results.correct' : 'tessera.lottery.results.enter')}
            </Button>
          ) : null}
          <CancelDraw draw={draw as { id: number; remark: string; numero: string }} />
        </Stack>
      ) : null}
      {!vietnamese ? <Typography variant="body2" color="text.secondary">{translate('tessera.lottery.results.fast')}</Typography> : null}
    </Stack>
  );
}

function DrawPage() {
  const translate = useTranslate();
  const draw = useRecordContext();
  const { session, brand } = useStaffSession();
  const games = useGetList('lotteryGames', { pagination: { page: 1, perPage: 1000 } });
  if (!draw) return null;
  const game = games.data?.find((one) => one.gameCode === draw.gameCode);
  const region = drawRegion(draw as { kind?: string; prizes?: string[] | null }, game?.region);
  const timeZone = brand?.timeZone ?? 'UTC';
  return (
    <Card>
      <CardContent>
        <Facts draw={draw} timeZone={timeZone} />
        <Section title={translate('tessera.lottery.prizes')}>
          <Prizes draw={draw} region={region} />
        </Section>
        {allows(Permission.LotteryResults, session) ? (
          <Section title={translate('tessera.lottery.results.title')}>
            <ResultsAndCancel draw={draw} region={region} />
          </Section>
        ) : null}
        <Divider sx={{ mt: 3 }} />
        <Section title={translate('tessera.lottery.settlement.title')}>
          <Settlement drawId={draw.id} />
        </Section>
        {draw.state === 'open' ? (
          <Section title={translate('tessera.lottery.liability.title')}>
            <Liability drawId={draw.id} />
          </Section>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function DrawShow(props: Pick<ShowProps, 'id'>) {
  return (
    <Show {...props} actions={false} component="div" title={<DrawTitle />}>
      <DrawPage />
    </Show>
  );
}

function DrawTitle() {
  const draw = useRecordContext();
  return <span>{draw ? `${draw.remark} ${draw.numero}` : ''}</span>;
}
