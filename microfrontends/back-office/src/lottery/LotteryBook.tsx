// The brand's lottery book: per region and bet type a point's price and what a hit pays a point, or
// the odds of a stake bet; its least and largest stake and the most on one number; the member's
// limit on one draw and the house's cap on a number's liability in a draw. Amounts are written as
// the brand's money writes them (points for a point bet's stakes). Staff holding lottery.manage
// change a line in a dialog and the limits in place, sending only what they changed. A game may be
// priced apart from its region (a fast game's own odds): chosen above the lines, its own lines are
// marked and can go back to the region's.
import { createContext, useContext, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Chip,
  MenuItem,
  Stack,
  TextField,
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
  gameCode?: string | null;
  betType: string;
  costModel: 'point' | 'stake';
  price: string | null;
  payout: string | null;
  odds: string | null;
  minStake: string;
  maxStake: string;
  maxPerNumber: string;
}

interface LotteryGame {
  gameCode: string;
  name: string;
  region: Region;
}

/** The game whose lines are shown and changed (null: the region's). */
const ChosenGame = createContext<string | null>(null);

interface BookValue {
  sells: string[];
  memberDrawLimit: string;
  numberCap: string;
  lines: BookLine[];
}

const LINE_FIELDS = { point: ['price', 'payout', 'minStake', 'maxStake', 'maxPerNumber'], stake: ['odds', 'minStake', 'maxStake', 'maxPerNumber'] } as const;

/** A line's changed figures, as the book's form takes them (null: nothing changed): the region's
 * line, or ``game``'s own when one is chosen. */
export function lineChanges(values: Record<string, unknown>, line: BookLine, game: string | null = null) {
  const changes: Record<string, string> = {};
  for (const field of LINE_FIELDS[line.costModel]) {
    const value = String(values[field] ?? '').trim();
    if (value && value !== line[field]) changes[field] = value;
  }
  if (!Object.keys(changes).length) return null;
  return game ? { gameCode: game, betType: line.betType, ...changes } : { region: line.region, betType: line.betType, ...changes };
}

/** The lines a game's draws are priced by: its region's, each replaced by the game's own. */
export function linesFor(lines: BookLine[], region: Region, game: string | null): BookLine[] {
  const own = new Map(lines.filter((line) => game && line.gameCode === game).map((line) => [line.betType, line]));
  return lines.filter((line) => line.region === region && !line.gameCode).map((line) => own.get(line.betType) ?? line);
}

function ChangeLine() {
  const translate = useTranslate();
  const act = useAct();
  const game = useContext(ChosenGame);
  return (
    <ChangeDialog
      title={(line) => `${betTypeName(translate, line.betType)} · ${game ?? translate(`tessera.lottery.region.${line.region}`)}`}
      onSave={async (values, line) => {
        const changes = lineChanges(values, line as unknown as BookLine, game);
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

/** A game's own line back to its region's. */
function ClearLine({ line }: { line: BookLine }) {
  const translate = useTranslate();
  const act = useAct();
  return (
    <Button size="small" onClick={() => void act(BOOK, { lines: [{ gameCode: line.gameCode, betType: line.betType, clear: true }] }, 'PUT')}>
      {translate('tessera.lottery.book.clear_game_line')}
    </Button>
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
                {line.gameCode ? <Chip size="small" color="info" label={translate('tessera.lottery.book.game_own')} data-game-line={line.gameCode} /> : null}
              </TableCell>
              <TableCell align="right">{line.price ?? '—'}</TableCell>
              <TableCell align="right">{line.payout ?? '—'}</TableCell>
              <TableCell align="right">{line.odds ? `×${line.odds}` : '—'}</TableCell>
              <TableCell align="right">{line.minStake}</TableCell>
              <TableCell align="right">{line.maxStake}</TableCell>
              <TableCell align="right">{line.maxPerNumber}</TableCell>
              {manages ? (
                <TableCell>
                  <Stack direction="row">
                    <RecordContextProvider value={{ ...line, id: `${line.gameCode ?? line.region}:${line.betType}` }}>
                      <ChangeLine />
                    </RecordContextProvider>
                    {line.gameCode ? <ClearLine line={line} /> : null}
                  </Stack>
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
  const games = useBrandRead<{ items: LotteryGame[] }>('/lottery/games');
  const regions = REGIONS.filter((region) => book.data?.lines.some((line) => line.region === region));
  const [chosen, setChosen] = useState<Region | null>(null);
  const [game, setGame] = useState<string>('');
  const region = chosen && regions.includes(chosen) ? chosen : regions[0];
  const regionGames = (games.data?.items ?? []).filter((one) => one.region === region);
  const shownGame = regionGames.some((one) => one.gameCode === game) ? game : '';
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
              <Tabs value={region} onChange={(_, value: Region) => { setChosen(value); setGame(''); }} variant="scrollable" allowScrollButtonsMobile>
                {regions.map((one) => (
                  <Tab key={one} value={one} label={translate(`tessera.lottery.region.${one}`)} />
                ))}
              </Tabs>
            ) : null}
            {regionGames.length > 0 ? (
              <TextField
                select
                size="small"
                label={translate('tessera.lottery.book.game')}
                helperText={translate('tessera.lottery.book.game_help')}
                value={shownGame}
                onChange={(event) => setGame(event.target.value)}
                sx={{ maxWidth: 360 }}
              >
                <MenuItem value="">{translate('tessera.lottery.book.all_games')}</MenuItem>
                {regionGames.map((one) => (
                  <MenuItem key={one.gameCode} value={one.gameCode}>
                    {one.name} ({one.gameCode})
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <ChosenGame.Provider value={shownGame || null}>
              <Lines lines={region ? linesFor(book.data.lines, region, shownGame || null) : []} manages={manages} />
            </ChosenGame.Provider>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}
