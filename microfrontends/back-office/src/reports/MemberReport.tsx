// Each member's profit and loss within the period: sorted and paged by the server.
import { Datagrid, FunctionField, List, NumberField, SimpleList, TextField, type RaRecord } from 'react-admin';
import { usePhone } from '../common/usePhone';
import { AMOUNTS, amount } from './figures';
import type { Period } from './period';

export function MemberReport({ period }: { period: Period }) {
  const phone = usePhone();
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
          secondaryText={(row) => `GGR ${amount(row.ggr)} · NGR ${amount(row.ngr)}`}
          tertiaryText={(row) => String(row.rounds)}
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
