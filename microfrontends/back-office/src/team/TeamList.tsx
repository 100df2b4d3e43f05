// The brand's staff: who holds a role on it, their roles, lock, two-factor and last login; searched
// by username. A staff member is opened to change them; a new one is invited.
import { BooleanField, CreateButton, Datagrid, DateField, FunctionField, List, SimpleList, TextField, TextInput, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { usePhone } from '../common/usePhone';

const filters = [<TextInput key="q" source="q" alwaysOn />];

function TeamActions() {
  return (
    <TopToolbar>
      <CreateButton label="tessera.team.invite" />
    </TopToolbar>
  );
}

export function TeamList() {
  const phone = usePhone();
  const translate = useTranslate();
  return (
    <List filters={filters} actions={<TeamActions />} exporter={false}>
      {phone ? (
        <SimpleList
          primaryText={(staff) => staff.username}
          secondaryText={(staff) => staff.roles.join(', ')}
          tertiaryText={(staff) => (staff.locked ? translate('tessera.team.locked') : '')}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="username" sortable={false} />
          <FunctionField source="roles" render={(staff: RaRecord) => staff.roles.join(', ')} sortable={false} />
          <BooleanField source="locked" sortable={false} />
          <BooleanField source="twoFactorEnrolled" sortable={false} />
          <DateField source="lastLoginAt" showTime emptyText="—" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
