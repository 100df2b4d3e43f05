// Money actions above the brand's threshold waiting for a second approver: approved (the action
// happens then, once) or rejected with a reason, by a staff member other than the one who asked.
import { Datagrid, DateField, FunctionField, List, SelectInput, TextField, WithRecord, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { Stack, Typography } from '@mui/material';
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

/** What the approval is about: a lottery draw leads to its page, with the results proposed for it. */
function Target({ approval }: { approval: RaRecord }) {
  const translate = useTranslate();
  const draw = /^lottery_draw:(\d+)$/.exec(String(approval.target ?? ''));
  if (!draw) return <>{approval.target}</>;
  const prizes: string[] | null = approval.prizes ?? null;
  return (
    <Stack>
      <Link to={`/lotteryDraws/${draw[1]}/show`}>{translate('tessera.approvals.lottery_draw', { id: draw[1] })}</Link>
      {prizes ? (
        <Typography variant="caption" sx={{ fontFamily: 'monospace', maxWidth: 320 }}>
          {translate('tessera.approvals.proposed', { numbers: prizes.join(' · ') })}
        </Typography>
      ) : null}
    </Stack>
  );
}

export function ApprovalList() {
  const translate = useTranslate();
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'requestedAt', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField source="action" render={(approval: RaRecord) => translate(`tessera.approvals.action.${approval.action}`, { _: approval.action })} sortable={false} />
        <FunctionField source="target" render={(approval: RaRecord) => <Target approval={approval} />} sortable={false} />
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
