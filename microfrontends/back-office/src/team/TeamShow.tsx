// One staff member of the brand: their roles given and taken back, their account locked or
// unlocked, a new one-time password, their two-factor set up again. Never one's own lock or roles.
import { useState } from 'react';
import { Chip, Stack } from '@mui/material';
import {
  BooleanField,
  DateField,
  Form,
  Labeled,
  SaveButton,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  WithRecord,
  required,
  type RaRecord,
} from 'react-admin';
import { useAct } from '../common/useAct';
import { useStaffSession } from '../session';
import { ConfirmButton } from './ConfirmButton';
import { OneTimePassword } from './OneTimePassword';
import { useRoleChoices } from './roles';

function Roles({ staff, self }: { staff: RaRecord; self: boolean }) {
  const act = useAct();
  const held = staff.roles as string[];
  const choices = useRoleChoices().filter((role) => !held.includes(role.name));
  return (
    <Stack spacing={1}>
      <Labeled label="resources.team.fields.roles">
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {held.map((role) => (
            <Chip
              key={role}
              label={role}
              onDelete={self ? undefined : () => act(`/team/${staff.id}/roles/${encodeURIComponent(role)}`, undefined, 'DELETE')}
            />
          ))}
        </Stack>
      </Labeled>
      <Form onSubmit={async (form: Record<string, unknown>) => {
        await act(`/team/${staff.id}/roles/${encodeURIComponent(String(form.role))}`, undefined, 'PUT');
      }}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <SelectInput source="role" label="tessera.team.role_to_give" choices={choices} optionValue="name" optionText="name" validate={required()} />
          <SaveButton label="tessera.team.give_role" />
        </Stack>
      </Form>
    </Stack>
  );
}

function Actions({ staff, self }: { staff: RaRecord; self: boolean }) {
  const act = useAct();
  const [password, setPassword] = useState<string | null>(null);
  const path = `/team/${staff.id}`;
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ my: 1 }}>
      {self ? null : staff.locked ? (
        <ConfirmButton label="tessera.team.unlock" content="tessera.team.unlock_confirm" onConfirm={() => act(`${path}/lock`, undefined, 'DELETE')} />
      ) : (
        <ConfirmButton label="tessera.team.lock" content="tessera.team.lock_confirm" color="warning" onConfirm={() => act(`${path}/lock`, undefined, 'PUT')} />
      )}
      <ConfirmButton
        label="tessera.team.reset_password"
        content="tessera.team.reset_password_confirm"
        onConfirm={async () => {
          const answer = await act<{ password: string }>(`${path}/password`);
          if (answer) setPassword(answer.password);
        }}
      />
      <ConfirmButton
        label="tessera.team.reset_two_factor"
        content="tessera.team.reset_two_factor_confirm"
        onConfirm={() => act(`${path}/two-factor`, undefined, 'DELETE')}
      />
      <OneTimePassword password={password} onClose={() => setPassword(null)} />
    </Stack>
  );
}

export function TeamShow() {
  const { session } = useStaffSession();
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="username" />
        <BooleanField source="locked" />
        <BooleanField source="twoFactorEnrolled" />
        <DateField source="lastLoginAt" showTime emptyText="—" />
        <DateField source="createdAt" showTime />
        <WithRecord
          render={(staff) => {
            const self = staff.id === session?.staff.id;
            return (
              <Stack spacing={2}>
                <Roles staff={staff} self={self} />
                <Actions staff={staff} self={self} />
              </Stack>
            );
          }}
        />
      </SimpleShowLayout>
    </Show>
  );
}
