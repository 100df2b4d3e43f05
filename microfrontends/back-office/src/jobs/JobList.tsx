// Each of the brand's jobs with its latest run and how many of its runs failed in the last 24 hours.
import { Button } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, NumberField, SimpleList, TextField, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { usePhone } from '../common/usePhone';
import { OutcomeChip, counts } from './OutcomeChip';

function RunsLink({ job }: { job: string }) {
  const translate = useTranslate();
  const filter = encodeURIComponent(JSON.stringify({ job }));
  return (
    <Button size="small" component={Link} to={`/jobRuns?filter=${filter}`} onClick={(event) => event.stopPropagation()}>
      {translate('tessera.jobs.runs')}
    </Button>
  );
}

export function JobList() {
  const phone = usePhone();
  const translate = useTranslate();
  return (
    <List pagination={false} perPage={1000} exporter={false}>
      {phone ? (
        <SimpleList
          primaryText={(row) => row.job}
          secondaryText={(row) => <OutcomeChip outcome={row.latest?.outcome} />}
          tertiaryText={(row) => `${translate('resources.jobs.fields.failedToday')}: ${row.failedToday}`}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="job" sortable={false} />
          <FunctionField source="outcome" render={(row: RaRecord) => <OutcomeChip outcome={row.latest?.outcome} />} sortable={false} />
          <DateField source="latest.startedAt" showTime sortable={false} />
          <DateField source="latest.finishedAt" showTime emptyText="—" sortable={false} />
          <TextField source="latest.runKey" sortable={false} />
          <FunctionField source="counts" render={(row: RaRecord) => counts(row.latest?.counts)} sortable={false} />
          <NumberField source="failedToday" sortable={false} />
          <TextField source="latest.error" emptyText="—" sortable={false} />
          <FunctionField source="runs" label="" render={(row: RaRecord) => <RunsLink job={row.job} />} sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
