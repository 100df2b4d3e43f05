import { Datagrid, DateField, List, SelectInput, SimpleList, TextArrayField, TextField, TextInput } from 'react-admin';
import { usePhone } from '../common/usePhone';

export const MEMBER_STATUSES = ['active', 'frozen', 'locked'];
export const statusChoices = MEMBER_STATUSES.map((id) => ({ id, name: `tessera.members.status.${id}` }));

const filters = [
  <TextInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} />,
  <TextInput key="label" source="label" />,
];

/** Members of the chosen brand: searched by username, phone, email or real name, filtered, sorted. */
export function MemberList() {
  const phone = usePhone();
  return (
    <List filters={filters} sort={{ field: 'registeredAt', order: 'DESC' }}>
      {phone ? (
        <SimpleList
          primaryText={(member) => member.username}
          secondaryText={(member) => `${member.status} · ${member.balance}`}
          tertiaryText={(member) => member.phone ?? ''}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="username" />
          <TextField source="realName" emptyText="—" />
          <TextField source="phone" emptyText="—" />
          <TextField source="status" />
          <TextArrayField source="labels" sortable={false} />
          <TextField source="balance" />
          <DateField source="registeredAt" showTime />
          <DateField source="lastLoginAt" showTime emptyText="—" />
          <TextField source="lastLoginIp" emptyText="—" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
