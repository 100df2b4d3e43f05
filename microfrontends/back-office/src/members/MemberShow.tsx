// A member of the chosen brand: profile, wallets and labels with the status, password and money
// actions; their ledger, bets, sessions and notes in tabs.
import {
  ArrayField,
  Datagrid,
  DateField,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TextArrayField,
  TextField,
  WithRecord,
  Pagination,
  type ShowProps,
} from 'react-admin';
import { Stack } from '@mui/material';
import { Permission } from '../permissions';
import { allows, useStaffSession } from '../session';
import { AdjustmentForm } from './AdjustmentForm';
import { BonusForm } from './BonusForm';
import { ForceLogoutButton } from './ForceLogoutButton';
import { LabelsForm } from './LabelsForm';
import { NoteForm } from './NoteForm';
import { PasswordResetButton } from './PasswordResetButton';
import { StatusActions } from './StatusActions';

function MemberList({ resource, children }: { resource: string; children: React.ReactNode }) {
  return (
    <ReferenceManyField reference={resource} target="memberId" perPage={25} pagination={<Pagination />}>
      {children}
    </ReferenceManyField>
  );
}

export function MemberShow(props: Pick<ShowProps, 'id'>) {
  const { session } = useStaffSession();
  const edits = allows(Permission.MemberEdit, session);
  const credits = allows(Permission.MemberCredit, session);
  return (
    <Show {...props}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="tessera.members.tabs.profile">
          <TextField source="username" />
          <TextField source="realName" emptyText="—" />
          <TextField source="phone" emptyText="—" />
          <TextField source="email" emptyText="—" />
          <TextField source="memberType" />
          <TextField source="status" />
          <TextField source="currency" />
          <TextField source="balance" />
          <ArrayField source="wallets">
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <TextField source="wallet" />
              <TextField source="balance" />
            </Datagrid>
          </ArrayField>
          <TextArrayField source="labels" />
          <TextField source="referralCode" emptyText="—" />
          <DateField source="registeredAt" showTime />
          <DateField source="lastLoginAt" showTime emptyText="—" />
          <TextField source="lastLoginIp" emptyText="—" />
          {edits && (
            <WithRecord
              render={(member) => (
                <Stack spacing={2} sx={{ my: 1 }}>
                  <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                    <StatusActions member={member} />
                    <PasswordResetButton member={member} />
                  </Stack>
                  <LabelsForm member={member} />
                </Stack>
              )}
            />
          )}
          {credits && <WithRecord render={(member) => <AdjustmentForm member={member} />} />}
          {credits && <WithRecord render={(member) => <BonusForm member={member} />} />}
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.ledger.name" path="ledger">
          <MemberList resource="ledger">
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <DateField source="at" showTime sortable={false} />
              <TextField source="kind" sortable={false} />
              <TextField source="amount" sortable={false} />
              <TextField source="balanceAfter" sortable={false} />
              <TextField source="reference" emptyText="—" sortable={false} />
            </Datagrid>
          </MemberList>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.bets.name" path="bets">
          <MemberList resource="bets">
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <DateField source="at" showTime sortable={false} />
              <TextField source="vendor" sortable={false} />
              <TextField source="game" sortable={false} />
              <TextField source="stake" sortable={false} />
              <TextField source="payout" sortable={false} />
              <TextField source="profit" sortable={false} />
              <TextField source="status" sortable={false} />
            </Datagrid>
          </MemberList>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.sessions.name" path="sessions">
          {edits && <WithRecord render={(member) => <ForceLogoutButton member={member} />} />}
          <MemberList resource="sessions">
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <DateField source="startedAt" showTime sortable={false} />
              <DateField source="lastSeenAt" showTime sortable={false} />
              <TextField source="ip" sortable={false} />
              <TextField source="device" emptyText="—" sortable={false} />
            </Datagrid>
          </MemberList>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.notes.name" path="notes">
          {edits && <WithRecord render={(member) => <NoteForm member={member} />} />}
          <MemberList resource="notes">
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <DateField source="at" showTime sortable={false} />
              <TextField source="staff" sortable={false} />
              <TextField source="text" sortable={false} />
            </Datagrid>
          </MemberList>
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
