// The brand's lottery draws, newest first, by game, state and day: each draw's game, numero, draw
// and lock times in the brand's time zone, state and result version; a draw opens its page.
import {
  DateInput,
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextField,
  useGetList,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Typography } from '@mui/material';
import { usePhone } from '../common/usePhone';
import { useStaffSession } from '../session';
import { drawStateChoices } from './choices';
import { StateChip } from './StateChip';
import { brandTime } from './times';

function GameFilter(props: { source: string; alwaysOn?: boolean }) {
  const { data, isPending } = useGetList('lotteryGames', { pagination: { page: 1, perPage: 1000 } });
  return <SelectInput {...props} label="resources.lotteryDraws.fields.gameCode" choices={data ?? []} optionText="name" optionValue="gameCode" isPending={isPending} />;
}

const filters = [
  <GameFilter key="gameCode" source="gameCode" alwaysOn />,
  <SelectInput key="state" source="state" choices={drawStateChoices} alwaysOn />,
  <DateInput key="day" source="day" alwaysOn />,
];

const game = (draw: RaRecord) => `${draw.remark} (${draw.gameCode})`;

export function DrawList() {
  const phone = usePhone();
  const translate = useTranslate();
  const timeZone = useStaffSession().brand?.timeZone ?? 'UTC';
  const at = (moment: string) => brandTime(moment, timeZone);
  return (
    <List filters={filters} perPage={50} exporter={false}>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>
        {translate('tessera.lottery.times_in', { zone: timeZone })}
      </Typography>
      {phone ? (
        <SimpleList
          primaryText={(draw) => `${game(draw)} · ${draw.numero}`}
          secondaryText={(draw) => `${translate('resources.lotteryDraws.fields.drawAt')} ${at(draw.drawAt)}`}
          tertiaryText={(draw) => <StateChip state={draw.state} />}
          linkType="show"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="show">
          <FunctionField source="gameCode" render={game} sortable={false} />
          <TextField source="numero" sortable={false} />
          <FunctionField source="drawAt" render={(draw: RaRecord) => at(draw.drawAt)} sortable={false} />
          <FunctionField source="lockAt" render={(draw: RaRecord) => at(draw.lockAt)} sortable={false} />
          <FunctionField source="state" render={(draw: RaRecord) => <StateChip state={draw.state} />} sortable={false} />
          <TextField source="resultVersion" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
