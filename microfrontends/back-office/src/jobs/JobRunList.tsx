// The brand's job runs, newest first, filtered by job and outcome, paged.
import { Datagrid, DateField, FunctionField, List, NumberField, SelectInput, SimpleList, TextField, TextInput, type RaRecord } from 'react-admin';
import { usePhone } from '../common/usePhone';
import { OUTCOMES, OutcomeChip, counts } from './OutcomeChip';

const filters = [
  <TextInput key="job" source="job" alwaysOn />,
  <SelectInput key="outcome" source="outcome" choices={OUTCOMES.map((id) => ({ id, name: `tessera.jobs.outcome.${id}` }))} alwaysOn />,
];

export function JobRunList() {
  const phone = usePhone();
  return (
    <List filters={filters} perPage={50} exporter={false}>
      {phone ? (
        <SimpleList
          primaryText={(run) => `${run.job} · ${run.runKey}`}
          secondaryText={(run) => <OutcomeChip outcome={run.outcome} />}
          tertiaryText={(run) => new Date(run.startedAt).toLocaleString()}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="job" sortable={false} />
          <TextField source="runKey" sortable={false} />
          <FunctionField source="outcome" render={(run: RaRecord) => <OutcomeChip outcome={run.outcome} />} sortable={false} />
          <DateField source="startedAt" showTime sortable={false} />
          <DateField source="finishedAt" showTime emptyText="—" sortable={false} />
          <NumberField source="attempts" sortable={false} />
          <FunctionField source="counts" render={(run: RaRecord) => counts(run.counts)} sortable={false} />
          <TextField source="error" emptyText="—" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
