// The brand's lottery book: per region and bet type a point's price and what a hit pays a point, or
// the odds of a stake bet; its least and largest stake and the most on one number; the member's
// limit on one draw and the house's cap on a number's liability in a draw. Amounts are written as
// the brand's money writes them (points for a point bet's stakes). Staff holding lottery.manage
// change a line in a dialog and the limits in place, sending only what they changed.
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
  Card,
  CardContent,
} from '@mui/material';
import { Form, RecordContextProvider, SaveButton, TextInput, Title, regex, required, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { refusalCode } from '../api';
import { useAct } from '../common/useAct';
import { useBrandRead } from '../common/useBrandRead';
import { ChangeDialog } from '../games/ChangeDialog';
import { Permission } from '../permissions';
import { allows, useStaffSession } from '../session';
import { betTypeName } from './choices';
import { REGIONS, type Region } from './formats';

export const BOOK = '/lottery/book';
const AMOUNT = /^[0-9]{1,15}(\.[0-9]{1,4})?$/;
const amount = [required(), regex(AMOUNT, 'tessera.lottery.book.amount_invalid')];

export interface BookLine {
  region: Region;
  betType: string;
  costModel: 'point' | 'stake';
  price: string | null;
  payout: string | null;
  odds: string | null;
  minStake: string;
  maxStake: string;
  maxPerNumber: string;
}

interface BookValue {
  sells: string[];
  memberDrawLimit: string;
  numberCap: string;
  lines: BookLine[];
}

const LINE_FIELDS = { point: ['price', 'payout', 'minStake', 'maxStake', 'maxPerNumber'], stake: ['odds', 'minStake', 'maxStake', 'maxPerNumber'] } as const;

/** A line's changed figures, as the book's form takes them (null: nothing changed). */
export function lineChanges(values: Record<string, unknown>, line: BookLine) {
  const changes: Record<string, string> = {};
  for (const field of LINE_FIELDS[line.costModel]) {
    const value = String(values[field] ?? '').trim();
    if (value && value !== line[field]) changes[field] = value;
  }
  return Object.keys(changes).length ? { region: line.region, betType: line.betType, ...changes } : null;
}

function ChangeLine() {
  const translate = useTranslate();
  const act = useAct();
  return (
    <ChangeDialog
      title={(line) => `${betTypeName(translate, line.betType)} · ${translate(`tessera.lottery.region.${line.region}`)}`}
      onSave={async (values, line) => {
        const changes = lineChanges(values, line as unknown as BookLine);
        if (!changes) return true;
        return (await act(BOOK, { lines: [changes] }, 'PUT')) !== undefined;
      }}
    >
      <LineInputs />
    </ChangeDialog>
  );
}

function LineInputs() {
  return (
    <RecordFields
      render={(line) => (
        <>
          {line.costModel === 'point' ? (
            <>
              <TextInput source="price" label="tessera.lottery.book.price" validate={amount} fullWidth />
              <TextInput source="payout" label="tessera.lottery.book.payout" validate={amount} fullWidth />
            </>
          ) : (
            <TextInput source="odds" label="tessera.lottery.book.odds" validate={amount} fullWidth />
          )}
          <TextInput source="minStake" label="tessera.lottery.book.min_stake" validate={amount} fullWidth />
          <TextInput source="maxStake" label="tessera.lottery.book.max_stake" validate={amount} fullWidth />
          <TextInput source="maxPerNumber" label="tessera.lottery.book.max_per_number" validate={amount} fullWidth />
        </>
      )}
    />
  );
}

function RecordFields({ render }: { render: (record: RaRecord) => ReactNode }) {
  const record = useRecordContext();
  return record ? <>{render(record)}</> : null;
}

function Limits({ book, manages }: { book: BookValue; manages: boolean }) {
  const translate = useTranslate();
  const act = useAct();
  if (!manages) {
    return (
      <Stack spacing={0.5}>
        <Typography variant="body2">{translate('tessera.lottery.book.member_draw_limit')}: {book.memberDrawLimit}</Typography>
        <Typography variant="body2">{translate('tessera.lottery.book.number_cap')}: {book.numberCap}</Typography>
      </Stack>
    );
  }
  return (
    <Form
      record={{ memberDrawLimit: book.memberDrawLimit, numberCap: book.numberCap }}
      onSubmit={async (values: Record<string, unknown>) => {
        const changes: Record<string, string> = {};
        for (const field of ['memberDrawLimit', 'numberCap'] as const) {
          const value = String(values[field] ?? '').trim();
          if (value !== book[field]) changes[field] = value;
        }
        if (Object.keys(changes).length) await act(BOOK, changes, 'PUT');
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextInput source="memberDrawLimit" label="tessera.lottery.book.member_draw_limit" helperText="tessera.lottery.book.member_draw_limit_help" validate={amount} />
        <TextInput source="numberCap" label="tessera.lottery.book.number_cap" helperText="tessera.lottery.book.number_cap_help" validate={amount} />
        <SaveButton />
      </Stack>
    </Form>
  );
}

function Lines({ lines, manages }: { lines: BookLine[]; manages: boolean }) {
  const translate = useTranslate();
  if (lines.length === 0) return <Typography variant="body2">{translate('tessera.lottery.book.no_lines')}</Typography>;
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('tessera.lottery.book.bet_type')}</TableCell>
            <TableCell align="right">{translate('tessera.lottery.book.price')}</TableCell>
            <TableCell align="right">{translate('tessera.lottery.book.payout')}</TableCell>
            <TableCell align="right">{translate('tessera.lottery.book.odds')}</TableCell>
            <TableCell align="right">{translate('tessera.lottery.book.min_stake')}</TableCell>
            <TableCell align="right">{translate('tessera.lottery.book.max_stake')}</TableCell>
            <TableCell align="right">{translate('tessera.lottery.book.max_per_number')}</TableCell>
            {manages ? <TableCell /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.betType}>
              <TableCell>
                {betTypeName(translate, line.betType)}
                <Typography variant="caption" color="text.secondary" display="block">
                  {translate(`tessera.lottery.book.cost.${line.costModel}`)}
                </Typography>
              </TableCell>
              <TableCell align="right">{line.price ?? '—'}</TableCell>
              <TableCell align="right">{line.payout ?? '—'}</TableCell>
              <TableCell align="right">{line.odds ? `×${line.odds}` : '—'}</TableCell>
              <TableCell align="right">{line.minStake}</TableCell>
              <TableCell align="right">{line.maxStake}</TableCell>
              <TableCell align="right">{line.maxPerNumber}</TableCell>
              {manages ? (
                <TableCell>
                  <RecordContextProvider value={{ ...line, id: `${line.region}:${line.betType}` }}>
                    <ChangeLine />
                  </RecordContextProvider>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function LotteryBook() {
  const translate = useTranslate();
  const { session } = useStaffSession();
  const manages = allows(Permission.LotteryManage, session);
  const book = useBrandRead<BookValue>(BOOK);
  const regions = REGIONS.filter((region) => book.data?.lines.some((line) => line.region === region));
  const [chosen, setChosen] = useState<Region | null>(null);
  const region = chosen && regions.includes(chosen) ? chosen : regions[0];
  return (
    <Card sx={{ mt: 1 }}>
      <Title title="resources.lotteryBook.name" />
      <CardContent>
        {book.error && refusalCode(book.error) === 'game_unknown' ? <Alert severity="info">{translate('tessera.lottery.book.not_sold')}</Alert> : null}
        {book.error && refusalCode(book.error) !== 'game_unknown' ? (
          <Alert severity="error">{translate((book.error as Error).message || 'tessera.errors.unreachable')}</Alert>
        ) : null}
        {book.data ? (
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {translate('tessera.lottery.book.limits')}
            </Typography>
            <Limits book={book.data} manages={manages} />
            <Typography variant="h6" component="h2">
              {translate('tessera.lottery.book.lines')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('tessera.lottery.book.lines_help')}
            </Typography>
            {regions.length > 0 ? (
              <Tabs value={region} onChange={(_, value: Region) => setChosen(value)} variant="scrollable" allowScrollButtonsMobile>
                {regions.map((one) => (
                  <Tab key={one} value={one} label={translate(`tessera.lottery.region.${one}`)} />
                ))}
              </Tabs>
            ) : null}
            <Lines lines={book.data.lines.filter((line) => line.region === region)} manages={manages} />
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}
