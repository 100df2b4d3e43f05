// The audit log of the chosen brand: newest first, filtered by staff, action and moments, paged,
// exported as CSV.
import {
  Datagrid,
  DateField,
  DateTimeInput,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { usePhone } from '../common/usePhone';
import { useStaffSession, type StaffSession } from '../session';

// A superuser reads the whole log (every brand and the deployment's own entries) or one brand's;
// anyone else, the chosen brand's.
function auditFilters(session: StaffSession | null) {
  return [
    <TextInput key="staff" source="staff" alwaysOn />,
    <TextInput key="action" source="action" alwaysOn />,
    <DateTimeInput key="from" source="from" />,
    <DateTimeInput key="to" source="to" />,
    ...(session?.staff.superuser
      ? [<SelectInput key="brand" source="brand" choices={session.brands.map((b) => ({ id: b.slug, name: b.name }))} />]
      : []),
  ];
}

const told = (record: RaRecord) => (record.after ? JSON.stringify(record.after) : '');

export function AuditList() {
  const { session } = useStaffSession();
  const phone = usePhone();
  return (
    <List filters={auditFilters(session)} sort={{ field: 'at', order: 'DESC' }} perPage={50}>
      {phone ? (
        <SimpleList
          primaryText={(entry) => entry.action}
          secondaryText={(entry) => `${entry.staff}${entry.target ? ` · ${entry.target}` : ''}`}
          tertiaryText={(entry) => new Date(entry.at).toLocaleString()}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="at" showTime />
          <TextField source="staff" />
          <TextField source="brand" emptyText="—" />
          <TextField source="action" />
          <TextField source="target" emptyText="—" />
          <FunctionField source="after" render={told} sortable={false} />
          <TextField source="ip" emptyText="—" />
        </Datagrid>
      )}
    </List>
  );
}
