// The deposits queue of the chosen brand: filtered by status, member and moments; a pending deposit
// is approved (with a remark, if any) or rejected (with one).
import { BooleanField, Datagrid, DateField, List, TextField, WithRecord } from 'react-admin';
import { Stack } from '@mui/material';
import { ActionButton } from '../common/ActionButton';
import { paymentFilters } from './filters';

const filters = paymentFilters(['pending', 'approved', 'rejected']);

export function DepositList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'createdAt', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="orderNo" sortable={false} />
        <TextField source="username" sortable={false} />
        <TextField source="channel" sortable={false} />
        <TextField source="amount" sortable={false} />
        <TextField source="status" sortable={false} />
        <DateField source="createdAt" showTime sortable={false} />
        <DateField source="paidAt" showTime emptyText="—" sortable={false} />
        <BooleanField source="hasProof" sortable={false} />
        <TextField source="remark" emptyText="—" sortable={false} />
        <WithRecord
          label="tessera.fields.actions"
          render={(deposit) =>
            deposit.status === 'pending' ? (
              <Stack direction="row">
                <ActionButton path="/deposits" action="approve" field="remark" required={false} color="success" />
                <ActionButton path="/deposits" action="reject" field="remark" required color="error" />
              </Stack>
            ) : null
          }
        />
      </Datagrid>
    </List>
  );
}
