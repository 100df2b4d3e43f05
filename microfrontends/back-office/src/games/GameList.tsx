// The brand's games (those its vendors offer), filtered by vendor, lane, state, hot mark and name:
// each enabled, disabled or put in maintenance, marked hot, ordered in its lane or moved to another
// lane; staff's hot mark, order and lane can be dropped for the vendor's.
import { Button } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  required,
  useGetList,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useAct } from '../common/useAct';
import { usePhone } from '../common/usePhone';
import { ChangeDialog } from './ChangeDialog';
import { laneChoices, stateChoices } from './choices';

const STAFF_SETTINGS = ['hot', 'rank', 'lane'] as const;

/** Only what was changed: a key sent for the same value would make the vendor's value staff's. */
export function gameChanges(values: Record<string, unknown>, game: RaRecord) {
  const changes: Record<string, unknown> = {};
  if (values.state !== game.state) changes.state = values.state;
  if (Boolean(values.hot) !== game.hot) changes.hot = Boolean(values.hot);
  if (values.rank !== null && values.rank !== '' && Number(values.rank) !== game.rank) changes.rank = Number(values.rank);
  if (values.lane !== game.lane) changes.lane = values.lane;
  return changes;
}

function VendorFilter(props: { source: string; alwaysOn?: boolean }) {
  const { data, isPending } = useGetList('gameVendors', { pagination: { page: 1, perPage: 1000 } });
  return <SelectInput {...props} choices={data ?? []} optionText="displayName" isPending={isPending} />;
}

const filters = [
  <TextInput key="name" source="name" alwaysOn />,
  <VendorFilter key="vassalage" source="vassalage" alwaysOn />,
  <SelectInput key="lane" source="lane" choices={laneChoices} />,
  <SelectInput key="state" source="state" choices={stateChoices} />,
  <NullableBooleanInput key="hot" source="hot" />,
];

function ToVendorValues({ close }: { close: () => void }) {
  const translate = useTranslate();
  const act = useAct();
  const game = useRecordContext();
  const set = STAFF_SETTINGS.filter((key) => game?.staffSet?.[key] !== null && game?.staffSet?.[key] !== undefined);
  if (!game || set.length === 0) return null;
  return (
    <Button
      color="warning"
      onClick={async () => {
        if ((await act(`/games/${game.id}`, Object.fromEntries(set.map((key) => [key, null])), 'PUT')) !== undefined) close();
      }}
    >
      {translate('tessera.games.vendor_values')}
    </Button>
  );
}

function ChangeGame() {
  const translate = useTranslate();
  const act = useAct();
  return (
    <ChangeDialog
      title={(game) => translate('tessera.games.change_one', { name: game.displayName })}
      onSave={async (values, game) => {
        const changes = gameChanges(values, game);
        if (Object.keys(changes).length === 0) return true;
        return (await act(`/games/${game.id}`, changes, 'PUT')) !== undefined;
      }}
      extraActions={(close) => <ToVendorValues close={close} />}
    >
      <SelectInput source="state" choices={stateChoices} validate={required()} fullWidth />
      <BooleanInput source="hot" />
      <NumberInput source="rank" min={0} step={1} fullWidth helperText="tessera.games.rank_help" />
      <SelectInput source="lane" choices={laneChoices} validate={required()} fullWidth />
    </ChangeDialog>
  );
}

export function GameList() {
  const phone = usePhone();
  const translate = useTranslate();
  return (
    <List filters={filters} perPage={50} exporter={false}>
      {phone ? (
        <SimpleList
          primaryText={(game) => game.displayName}
          secondaryText={(game) => `${game.vendorName ?? game.vassalage} · ${translate(`tessera.games.lane.${game.lane}`)}`}
          tertiaryText={(game) => translate(`tessera.games.state.${game.state}`) + (game.hot ? ` · ${translate('resources.games.fields.hot')}` : '')}
          rightIcon={() => <ChangeGame />}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="displayName" sortable={false} />
          <FunctionField source="vendorName" render={(game: RaRecord) => game.vendorName ?? game.vassalage} sortable={false} />
          <TextField source="gameCode" sortable={false} />
          <TextField source="gameType" sortable={false} />
          <SelectField source="lane" choices={laneChoices} sortable={false} />
          <SelectField source="state" choices={stateChoices} sortable={false} />
          <BooleanField source="hot" sortable={false} />
          <NumberField source="rank" sortable={false} />
          <FunctionField label="tessera.fields.actions" render={() => <ChangeGame />} />
        </Datagrid>
      )}
    </List>
  );
}
