// Gateway notifications that credited nothing, newest first: a payment of another amount or currency
// than its deposit's, one naming no deposit of the brand's, or one whose signature did not hold.
import { Datagrid, DateField, FunctionField, List, SelectInput, SimpleList, TextField, useTranslate, type RaRecord } from 'react-admin';
import { usePhone } from '../../common/usePhone';

export const NOTIFICATION_KINDS = ['mismatch', 'unmatched', 'forged'];
const filters = [
  <SelectInput key="kind" source="kind" alwaysOn choices={NOTIFICATION_KINDS.map((id) => ({ id, name: `tessera.notifications.kind.${id}` }))} />,
];

export function NotificationList() {
  const phone = usePhone();
  const translate = useTranslate();
  return (
    <List filters={filters} exporter={false}>
      {phone ? (
        <SimpleList
          primaryText={(row) => `${translate(`tessera.notifications.kind.${row.kind}`)} · ${row.amount ?? '—'} ${row.currency ?? ''}`}
          secondaryText={(row) => [row.channel, row.depositId, row.reference].filter(Boolean).join(' · ')}
          tertiaryText={(row) => new Date(row.at).toLocaleString()}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="at" showTime sortable={false} />
          <FunctionField source="kind" render={(row: RaRecord) => translate(`tessera.notifications.kind.${row.kind}`)} sortable={false} />
          <TextField source="plugin" emptyText="—" sortable={false} />
          <TextField source="channel" emptyText="—" sortable={false} />
          <TextField source="depositId" emptyText="—" sortable={false} />
          <TextField source="amount" emptyText="—" sortable={false} />
          <TextField source="currency" emptyText="—" sortable={false} />
          <TextField source="expected" emptyText="—" sortable={false} />
          <TextField source="reference" emptyText="—" sortable={false} />
          <TextField source="memberId" emptyText="—" sortable={false} />
          <TextField source="ip" emptyText="—" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
