// Money actions above the brand's threshold waiting for a second approver: approved (the action
// happens then, once) or rejected with a reason, by a staff member other than the one who asked.
import { Datagrid, DateField, List, SelectInput, TextField, WithRecord } from 'react-admin';
import { Stack } from '@mui/material';
import { ActionButton } from '../common/ActionButton';

const STATUSES = ['pending', 'approved', 'rejected'];
const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={STATUSES.map((id) => ({ id, name: `tessera.approvals.status.${id}` }))}
  />,
];

export function ApprovalList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'requestedAt', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="action" sortable={false} />
        <TextField source="target" sortable={false} />
        <TextField source="amount" emptyText="—" sortable={false} />
        <TextField source="requestedBy" sortable={false} />
        <DateField source="requestedAt" showTime sortable={false} />
        <TextField source="status" sortable={false} />
        <TextField source="decidedBy" emptyText="—" sortable={false} />
        <TextField source="reason" emptyText="—" sortable={false} />
        <WithRecord
          label="tessera.fields.actions"
          render={(approval) =>
            approval.status === 'pending' ? (
              <Stack direction="row">
                <ActionButton path="/approvals" action="approve" color="success" />
                <ActionButton path="/approvals" action="reject" field="reason" required color="error" />
              </Stack>
            ) : null
          }
        />
      </Datagrid>
    </List>
  );
}
