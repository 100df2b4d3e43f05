// Each member's profit and loss within the period: sorted and paged by the server.
import { Datagrid, FunctionField, List, NumberField, SimpleList, TextField, useTranslate, type RaRecord } from 'react-admin';
import { usePhone } from '../common/usePhone';
import { AMOUNTS, amount } from './figures';
import type { Period } from './period';

export function MemberReport({ period }: { period: Period }) {
  const phone = usePhone();
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.reports.fields.${field}`);
  return (
    <List
      resource="memberReport"
      filter={period}
      sort={{ field: 'ggr', order: 'DESC' }}
      perPage={50}
      disableSyncWithLocation
      storeKey={false}
      actions={false}
      title={false}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(row) => row.username}
          secondaryText={(row) => `${label('ggr')} ${amount(row.ggr)} · ${label('ngr')} ${amount(row.ngr)}`}
          tertiaryText={(row) => `${label('rounds')} ${row.rounds}`}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="username" label="resources.reports.fields.username" />
          {AMOUNTS.map((field) => (
            <FunctionField
              key={field}
              source={field}
              label={`resources.reports.fields.${field}`}
              textAlign="right"
              render={(row: RaRecord) => amount(row[field])}
            />
          ))}
          <NumberField source="rounds" label="resources.reports.fields.rounds" />
        </Datagrid>
      )}
    </List>
  );
}
