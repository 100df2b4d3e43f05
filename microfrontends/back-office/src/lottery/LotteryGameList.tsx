// The brand's lottery schedule: each game's name, region, weekdays (Sunday 1 … Saturday 7), draw
// time (Vietnam's) and lock minutes, or for a fast game its interval and lock seconds; enabled or
// not. Staff holding lottery.manage change a game in a dialog, sending only what they changed.
import {
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  maxLength,
  maxValue,
  minLength,
  minValue,
  regex,
  required,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useAct } from '../common/useAct';
import { usePhone } from '../common/usePhone';
import { ChangeDialog } from '../games/ChangeDialog';
import { Permission } from '../permissions';
import { allows, useStaffSession } from '../session';
import { regionChoices, weekdayChoices } from './choices';

const VIETNAMESE_FIELDS = ['name', 'enabled', 'region', 'weekdays', 'drawTime', 'lockMinutes'] as const;
const FAST_FIELDS = ['name', 'enabled', 'lockSeconds'] as const;
const NUMBERS = new Set(['lockMinutes', 'lockSeconds']);

const sameDays = (a: unknown, b: unknown) =>
  JSON.stringify([...((a as number[]) ?? [])].map(Number).sort()) === JSON.stringify([...((b as number[]) ?? [])].map(Number).sort());

/** Only what was changed, of the fields the game's kind has. */
export function scheduleChanges(values: Record<string, unknown>, game: RaRecord): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of game.kind === 'fast' ? FAST_FIELDS : VIETNAMESE_FIELDS) {
    let value = values[field];
    if (value === undefined || value === null || value === '') continue;
    if (field === 'weekdays') {
      if (!sameDays(value, game.weekdays)) changes.weekdays = [...(value as number[])].map(Number).sort();
      continue;
    }
    if (NUMBERS.has(field)) value = Number(value);
    if (field === 'enabled') value = Boolean(value);
    if (typeof value === 'string') value = value.trim();
    if (value !== game[field]) changes[field] = value;
  }
  return changes;
}

function Weekdays({ game }: { game: RaRecord }) {
  const translate = useTranslate();
  if (game.kind === 'fast') return <>{translate('tessera.lottery.games.every_day')}</>;
  return <>{(game.weekdays as number[]).map((day) => translate(`tessera.lottery.weekday_short.${day}`)).join(' ')}</>;
}

function Timing({ game }: { game: RaRecord }) {
  const translate = useTranslate();
  return (
    <>
      {game.kind === 'fast'
        ? translate('tessera.lottery.games.fast_timing', { interval: game.interval, lock: game.lockSeconds })
        : translate('tessera.lottery.games.timing', { time: game.drawTime, lock: game.lockMinutes })}
    </>
  );
}

function GameFields() {
  const game = useRecordContext();
  if (!game) return null;
  return (
    <>
      <TextInput source="name" validate={[required(), minLength(1), maxLength(100)]} fullWidth />
      <BooleanInput source="enabled" helperText="tessera.lottery.games.enabled_help" />
      {game.kind === 'fast' ? (
        <NumberInput
          source="lockSeconds"
          min={0}
          max={Math.max(0, (game.interval ?? 86400) - 1)}
          step={1}
          validate={[required(), minValue(0), maxValue(Math.max(0, (game.interval ?? 86400) - 1))]}
          helperText="tessera.lottery.games.lock_seconds_help"
          fullWidth
        />
      ) : (
        <>
          <SelectInput source="region" choices={regionChoices} validate={required()} fullWidth />
          <CheckboxGroupInput source="weekdays" choices={weekdayChoices} validate={required()} />
          <TextInput source="drawTime" validate={[required(), regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'tessera.lottery.games.draw_time_invalid')]} helperText="tessera.lottery.games.draw_time_help" fullWidth />
          <NumberInput source="lockMinutes" min={0} max={720} step={1} validate={[required(), minValue(0), maxValue(720)]} fullWidth />
        </>
      )}
    </>
  );
}

function ChangeGame() {
  const translate = useTranslate();
  const act = useAct();
  return (
    <ChangeDialog
      title={(game) => translate('tessera.games.change_one', { name: game.name })}
      onSave={async (values, game) => {
        const changes = scheduleChanges(values, game);
        if (Object.keys(changes).length === 0) return true;
        return (await act(`/lottery/games/${encodeURIComponent(String(game.gameCode))}`, changes, 'PUT')) !== undefined;
      }}
    >
      <GameFields />
    </ChangeDialog>
  );
}

export function LotteryGameList() {
  const phone = usePhone();
  const translate = useTranslate();
  const { session } = useStaffSession();
  const manages = allows(Permission.LotteryManage, session);
  return (
    <List pagination={false} perPage={1000} exporter={false}>
      {phone ? (
        <SimpleList
          primaryText={(game) => `${game.name} (${game.gameCode})`}
          secondaryText={(game) => (
            <>
              {game.kind === 'fast' ? translate('tessera.lottery.kind.fast') : translate(`tessera.lottery.region.${game.region}`)} · <Weekdays game={game} />
            </>
          )}
          tertiaryText={(game) => (
            <>
              <Timing game={game} /> · {translate(game.enabled ? 'tessera.lottery.games.on' : 'tessera.lottery.games.off')}
            </>
          )}
          rightIcon={manages ? () => <ChangeGame /> : undefined}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" sortable={false} />
          <TextField source="gameCode" sortable={false} />
          <FunctionField
            source="region"
            render={(game: RaRecord) => (game.kind === 'fast' ? translate('tessera.lottery.kind.fast') : translate(`tessera.lottery.region.${game.region}`))}
            sortable={false}
          />
          <FunctionField source="weekdays" render={(game: RaRecord) => <Weekdays game={game} />} sortable={false} />
          <FunctionField source="drawTime" render={(game: RaRecord) => <Timing game={game} />} sortable={false} />
          <BooleanField source="enabled" sortable={false} />
          <TextField source="updatedBy" emptyText="—" sortable={false} />
          {manages ? <FunctionField label="tessera.fields.actions" render={() => <ChangeGame />} /> : null}
        </Datagrid>
      )}
    </List>
  );
}
