// The withdrawals queue of the chosen brand: a pending withdrawal is approved (above the brand's
// threshold it waits for a second approver) or rejected; an approved one is paid.
import { Datagrid, DateField, FunctionField, List, TextField, WithRecord, type RaRecord } from 'react-admin';
import { Stack } from '@mui/material';
import { ActionButton } from '../common/ActionButton';
import { paymentFilters, PAYMENT_STATUSES } from './filters';

const filters = paymentFilters(PAYMENT_STATUSES);

const bankAccount = (record: RaRecord) =>
  record.bankAccount ? `${record.bankAccount.bankName} · ${record.bankAccount.accountName} · ${record.bankAccount.accountNumber}` : '—';

export function WithdrawalList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'createdAt', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="orderNo" sortable={false} />
        <TextField source="username" sortable={false} />
        <TextField source="amount" sortable={false} />
        <TextField source="status" sortable={false} />
        <FunctionField source="bankAccount" render={bankAccount} sortable={false} />
        <DateField source="createdAt" showTime sortable={false} />
        <WithRecord
          label="tessera.fields.actions"
          render={(withdrawal) => (
            <Stack direction="row">
              {withdrawal.status === 'pending' && (
                <ActionButton path="/withdrawals" action="approve" field="remark" required={false} color="success" />
              )}
              {withdrawal.status === 'approved' && (
                <ActionButton path="/withdrawals" action="pay" field="remark" required={false} color="success" />
              )}
              {(withdrawal.status === 'pending' || withdrawal.status === 'approved') && (
                <ActionButton path="/withdrawals" action="reject" field="remark" required color="error" />
              )}
            </Stack>
          )}
        />
      </Datagrid>
    </List>
  );
}
